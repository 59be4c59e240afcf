package tablebase

import "sync/atomic"

// blockCache keeps the blocks probes read, for every probe to use without
// a lock: a fixed array of slots, each empty or holding one block, which
// is never changed once it is there (a slot is given a new one instead)
// and carries its number, so that a probe that finds a block in a slot
// knows it is the one it asked for.
//
// The blocks of all the tables are numbered, each table's after the one
// before (tableFile.first). A cache with room for them all has a slot
// for each. A smaller one has its slots in pairs, block g's pair g mod
// the pairs, so that neighbouring blocks never share one: a probe looks
// in both slots; a block read goes into the first, and the block that
// was there moves to the second, dropping the one that was there. So of
// the blocks that share a pair, the two read last are kept. A cache of
// one slot keeps the block read last.
//
// Two probes that put blocks in one pair at once may leave one of them
// out, or a block in both slots: a later probe then reads its block
// again, and no value is ever wrong.
type blockCache struct {
	slots []atomic.Pointer[cachedBlock]
	pairs uint64 // 0 when there is a slot for every block, or one slot in all
}

// cachedBlock is a block of entries in the cache, never changed.
type cachedBlock struct {
	g    uint64 // its number among the blocks of all the tables
	data []byte
}

// newBlockCache returns a cache for blocks tables' blocks of blockBytes
// each (or fewer), with room for n bytes of them, and for one at least.
func newBlockCache(n, blockBytes int, blocks uint64) *blockCache {
	slots := uint64(max(n/blockBytes, 1))
	switch {
	case slots >= blocks:
		return &blockCache{slots: make([]atomic.Pointer[cachedBlock], max(blocks, 1))}
	case slots == 1:
		return &blockCache{slots: make([]atomic.Pointer[cachedBlock], 1)}
	}
	return &blockCache{slots: make([]atomic.Pointer[cachedBlock], slots&^1), pairs: slots / 2}
}

// ways returns the slots that block g may be in.
func (bc *blockCache) ways(g uint64) []atomic.Pointer[cachedBlock] {
	switch {
	case bc.pairs > 0:
		p := 2 * (g % bc.pairs)
		return bc.slots[p : p+2]
	case len(bc.slots) == 1:
		return bc.slots
	}
	return bc.slots[g : g+1]
}

// get returns block g's data, and false when the cache does not hold it.
func (bc *blockCache) get(g uint64) ([]byte, bool) {
	ways := bc.ways(g)
	for i := range ways {
		if b := ways[i].Load(); b != nil && b.g == g {
			return b.data, true
		}
	}
	return nil, false
}

// put keeps data, just read, as block g, unless another probe put it
// there meanwhile, and returns the cache's copy.
func (bc *blockCache) put(g uint64, data []byte) []byte {
	if kept, ok := bc.get(g); ok {
		return kept
	}
	bc.add(&cachedBlock{g, data})
	return data
}

// add puts b first in its slots, moving the block that was there to the
// second one if there is one.
func (bc *blockCache) add(b *cachedBlock) {
	ways := bc.ways(b.g)
	if old := ways[0].Swap(b); old != nil && len(ways) == 2 {
		ways[1].Store(old)
	}
}

// keepFrom puts in bc, which no probe uses yet, the blocks of old, the
// older of each pair first, so that where bc has less room it keeps the
// newer. Probes may still be putting blocks in old: those may be left
// out.
func (bc *blockCache) keepFrom(old *blockCache) {
	ways := 1
	if old.pairs > 0 {
		ways = 2
	}
	for way := ways - 1; way >= 0; way-- {
		for i := way; i < len(old.slots); i += ways {
			if b := old.slots[i].Load(); b != nil {
				if _, ok := bc.get(b.g); !ok {
					bc.add(b)
				}
			}
		}
	}
}
