package tablebase

import (
	"math/bits"
	"sync/atomic"
)

// blockCache keeps the blocks probes read, for every probe to use without
// a lock: a fixed array of slots, each empty or holding one block, which
// is never changed once it is there (a slot is given a new one instead),
// and carries its key, so that a probe that finds a block in a slot knows
// it is the one it asked for. The slots are in pairs, and a block's pair
// is fixed by a hash of its key: a probe looks in both; a block read goes
// into the first, and the block that was there moves to the second,
// dropping the one that was there. So of the blocks whose keys share a
// pair, the two read last are kept. A cache of one slot keeps the block
// read last.
//
// Two probes that put blocks in one pair at once may leave one of them
// out, or a block in both slots: a later probe then reads its block
// again, and no value is ever wrong.
type blockCache struct {
	slots []atomic.Pointer[cachedBlock]
}

// cachedBlock is a block of entries in the cache, never changed.
type cachedBlock struct {
	key  uint64
	data []byte
}

// blockKey returns the key of block b of class c: the counts in the top
// 16 bits, and the block (fewer than 2³² of them) in the bits below.
func blockKey(c class, b uint64) uint64 {
	return uint64(c.mover)<<56 | uint64(c.other)<<48 | b
}

// newBlockCache returns a cache with room for n bytes of blocks of
// blockBytes each, and for one block at least.
func newBlockCache(n, blockBytes int) *blockCache {
	slots := max(n/blockBytes, 1)
	if slots > 1 {
		slots &^= 1 // whole pairs
	}
	return &blockCache{slots: make([]atomic.Pointer[cachedBlock], slots)}
}

// ways returns the slots that block key may be in: a pair, or the one
// slot of a cache of one.
func (bc *blockCache) ways(key uint64) []atomic.Pointer[cachedBlock] {
	pairs := uint64(len(bc.slots)) / 2
	if pairs == 0 {
		return bc.slots
	}
	// A Fibonacci hash puts its best-mixed bits on top, where the
	// multiplication by pairs takes them from.
	pair, _ := bits.Mul64(key*0x9e3779b97f4a7c15, pairs)
	return bc.slots[2*pair : 2*pair+2]
}

// get returns block key's data, and false when the cache does not hold
// it.
func (bc *blockCache) get(key uint64) ([]byte, bool) {
	ways := bc.ways(key)
	for i := range ways {
		if b := ways[i].Load(); b != nil && b.key == key {
			return b.data, true
		}
	}
	return nil, false
}

// put keeps data, just read, as block key, unless another probe put it
// there meanwhile, and returns the cache's copy.
func (bc *blockCache) put(key uint64, data []byte) []byte {
	if kept, ok := bc.get(key); ok {
		return kept
	}
	bc.add(&cachedBlock{key, data})
	return data
}

// add puts b first in its pair, moving the first block to the second
// slot.
func (bc *blockCache) add(b *cachedBlock) {
	ways := bc.ways(b.key)
	if old := ways[0].Swap(b); old != nil && len(ways) == 2 {
		ways[1].Store(old)
	}
}

// keepFrom puts in bc, which no probe uses yet, the blocks of old, the
// older of each pair first, so that where bc has less room it keeps the
// newer. Probes may still be putting blocks in old: those may be left
// out.
func (bc *blockCache) keepFrom(old *blockCache) {
	for _, way := range []int{1, 0} {
		for i := way; i < len(old.slots); i += 2 {
			if b := old.slots[i].Load(); b != nil {
				if _, ok := bc.get(b.key); !ok {
					bc.add(b)
				}
			}
		}
	}
}
