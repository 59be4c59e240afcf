//go:build !purego

#include "textflag.h"

// The kernels of AVX2 (kernels_amd64.go). Each computes the first
// len&^15 elements of its first slice, 16 at a time (update 64 while it
// can, the loops over bytes 32); the Go kernels compute the rest. Each
// ends with VZEROUPPER, so that the SSE code of the rest of the program
// does not pay for the upper halves of the YMM registers.

// func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL subleaf+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// func clipAVX2(x []uint8, v []int16)
//
// VPACKSSWB narrows int16 to int8 saturating, which clips above at 127
// (QA) and below at −128; VPMAXSB with 0 then clips below at 0. The
// packing works in the 128-bit halves of the registers, giving the
// quarters of 32 units in the order 0, 2, 1, 3: VPERMQ puts them back.
TEXT ·clipAVX2(SB), NOSPLIT, $0-48
	MOVQ  x_base+0(FP), DI
	MOVQ  x_len+8(FP), CX
	MOVQ  v_base+24(FP), SI
	VPXOR Y7, Y7, Y7
	MOVQ  CX, DX
	SHRQ  $5, CX
	JZ    clipHalf

clipLoop:
	VMOVDQU   (SI), Y0
	VMOVDQU   32(SI), Y1
	VPACKSSWB Y1, Y0, Y0
	VPERMQ    $0xd8, Y0, Y0
	VPMAXSB   Y7, Y0, Y0
	VMOVDQU   Y0, (DI)
	ADDQ      $64, SI
	ADDQ      $32, DI
	DECQ      CX
	JNZ       clipLoop

clipHalf:
	TESTQ        $16, DX
	JZ           clipDone
	VMOVDQU      (SI), Y0
	VEXTRACTI128 $1, Y0, X1
	VPACKSSWB    X1, X0, X0
	VPMAXSB      X7, X0, X0
	VMOVDQU      X0, (DI)

clipDone:
	VZEROUPPER
	RET

// func dotClippedAVX2(v, w []int16) int32
//
// The units are clipped to [0, 127] by VPMAXSW and VPMINSW; VPMADDWD
// multiplies them by the weights and adds pairs of products into int32:
// a pair's sum lies within ±2·127·32,768, exact. VPADDD adds the pairs
// up wrapping, as Go's int32 addition does, so the total is Go's in
// whatever order it is added.
TEXT ·dotClippedAVX2(SB), NOSPLIT, $0-52
	MOVQ         v_base+0(FP), SI
	MOVQ         v_len+8(FP), CX
	MOVQ         w_base+24(FP), DI
	VPXOR        Y0, Y0, Y0
	VPXOR        Y7, Y7, Y7
	MOVL         $127, AX
	VMOVD        AX, X6
	VPBROADCASTW X6, Y6
	SHRQ         $4, CX
	JZ           dotClippedSum

dotClippedLoop:
	VMOVDQU  (SI), Y1
	VPMAXSW  Y7, Y1, Y1
	VPMINSW  Y6, Y1, Y1
	VPMADDWD (DI), Y1, Y1
	VPADDD   Y1, Y0, Y0
	ADDQ     $32, SI
	ADDQ     $32, DI
	DECQ     CX
	JNZ      dotClippedLoop

dotClippedSum:
	VEXTRACTI128 $1, Y0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0x4e, X0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0xb1, X0, X1
	VPADDD       X1, X0, X0
	VMOVD        X0, AX
	MOVL         AX, ret+48(FP)
	VZEROUPPER
	RET

// func dot8AVX2(x []uint8, w []int8) int32
//
// VPMADDUBSW multiplies the unsigned bytes x by the signed bytes w and
// adds pairs of products into int16, saturating: exact for x within
// [0, 127] (see dot8). VPMADDWD by ones widens the pairs into int32, and
// VPADDD adds them up wrapping, as Go does.
TEXT ·dot8AVX2(SB), NOSPLIT, $0-52
	MOVQ         x_base+0(FP), SI
	MOVQ         x_len+8(FP), CX
	MOVQ         w_base+24(FP), DI
	VPXOR        Y0, Y0, Y0
	MOVL         $1, AX
	VMOVD        AX, X6
	VPBROADCASTW X6, Y6
	MOVQ         CX, DX
	SHRQ         $5, CX
	JZ           dot8Half

dot8Loop:
	VMOVDQU    (SI), Y1
	VPMADDUBSW (DI), Y1, Y1
	VPMADDWD   Y6, Y1, Y1
	VPADDD     Y1, Y0, Y0
	ADDQ       $32, SI
	ADDQ       $32, DI
	DECQ       CX
	JNZ        dot8Loop

dot8Half:
	TESTQ      $16, DX
	JZ         dot8Sum
	VMOVDQU    (SI), X1
	VPMADDUBSW (DI), X1, X1
	VPMADDWD   X6, X1, X1
	VPADDD     Y1, Y0, Y0

dot8Sum:
	VEXTRACTI128 $1, Y0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0x4e, X0, X1
	VPADDD       X1, X0, X0
	VPSHUFD      $0xb1, X0, X1
	VPADDD       X1, X0, X0
	VMOVD        X0, AX
	MOVL         AX, ret+48(FP)
	VZEROUPPER
	RET

// func updateAVX2(v, from, w []int16, add, sub []int32)
//
// For each 64 units (4 registers), then each 16 (1), it loads from's
// sums, adds the part of every row of w at the offsets add and takes
// away that of every row at sub, and stores the sums to v once: a pass
// over the sums instead of one for each row. VPADDW and VPSUBW wrap, as
// Go's int16 arithmetic does.
TEXT ·updateAVX2(SB), NOSPLIT, $0-120
	MOVQ v_base+0(FP), DI
	MOVQ v_len+8(FP), CX
	MOVQ from_base+24(FP), SI
	MOVQ w_base+48(FP), DX
	MOVQ add_base+72(FP), R8
	MOVQ add_len+80(FP), R9
	MOVQ sub_base+96(FP), R10
	MOVQ sub_len+104(FP), R11
	ANDQ $-16, CX

update64:
	CMPQ    CX, $64
	JLT     update16
	VMOVDQU (SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	XORQ    BX, BX

update64Add:
	CMPQ    BX, R9
	JGE     update64SubStart
	MOVL    (R8)(BX*4), AX
	LEAQ    (DX)(AX*2), AX
	VPADDW  (AX), Y0, Y0
	VPADDW  32(AX), Y1, Y1
	VPADDW  64(AX), Y2, Y2
	VPADDW  96(AX), Y3, Y3
	INCQ    BX
	JMP     update64Add

update64SubStart:
	XORQ BX, BX

update64Sub:
	CMPQ    BX, R11
	JGE     update64Store
	MOVL    (R10)(BX*4), AX
	LEAQ    (DX)(AX*2), AX
	VPSUBW  (AX), Y0, Y0
	VPSUBW  32(AX), Y1, Y1
	VPSUBW  64(AX), Y2, Y2
	VPSUBW  96(AX), Y3, Y3
	INCQ    BX
	JMP     update64Sub

update64Store:
	VMOVDQU Y0, (DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	ADDQ    $128, DI
	ADDQ    $128, SI
	ADDQ    $128, DX
	SUBQ    $64, CX
	JMP     update64

update16:
	TESTQ   CX, CX
	JZ      updateDone
	VMOVDQU (SI), Y0
	XORQ    BX, BX

update16Add:
	CMPQ   BX, R9
	JGE    update16SubStart
	MOVL   (R8)(BX*4), AX
	LEAQ   (DX)(AX*2), AX
	VPADDW (AX), Y0, Y0
	INCQ   BX
	JMP    update16Add

update16SubStart:
	XORQ BX, BX

update16Sub:
	CMPQ   BX, R11
	JGE    update16Store
	MOVL   (R10)(BX*4), AX
	LEAQ   (DX)(AX*2), AX
	VPSUBW (AX), Y0, Y0
	INCQ   BX
	JMP    update16Sub

update16Store:
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	ADDQ    $32, DX
	SUBQ    $16, CX
	JMP     update16

updateDone:
	VZEROUPPER
	RET
