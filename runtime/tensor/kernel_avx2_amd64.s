//go:build amd64 && !purego

#include "textflag.h"

// AVX2 + FMA kernels for contiguous float32 rows (see kernel_avx2_amd64.go).
// Each one computes exactly what its Go reference computes, lane by lane:
// the vector instructions are the IEEE operations the reference performs
// (fused multiply-adds where the reference calls fmaf), in the same order.

// Broadcast constants: 8 copies of one 32-bit pattern.

DATA f32Rln2<>+0(SB)/4, $0x3fb8aa3b
DATA f32Rln2<>+4(SB)/4, $0x3fb8aa3b
DATA f32Rln2<>+8(SB)/4, $0x3fb8aa3b
DATA f32Rln2<>+12(SB)/4, $0x3fb8aa3b
DATA f32Rln2<>+16(SB)/4, $0x3fb8aa3b
DATA f32Rln2<>+20(SB)/4, $0x3fb8aa3b
DATA f32Rln2<>+24(SB)/4, $0x3fb8aa3b
DATA f32Rln2<>+28(SB)/4, $0x3fb8aa3b
GLOBL f32Rln2<>(SB), RODATA|NOPTR, $32

DATA f32NegL2U<>+0(SB)/4, $0xbf317200
DATA f32NegL2U<>+4(SB)/4, $0xbf317200
DATA f32NegL2U<>+8(SB)/4, $0xbf317200
DATA f32NegL2U<>+12(SB)/4, $0xbf317200
DATA f32NegL2U<>+16(SB)/4, $0xbf317200
DATA f32NegL2U<>+20(SB)/4, $0xbf317200
DATA f32NegL2U<>+24(SB)/4, $0xbf317200
DATA f32NegL2U<>+28(SB)/4, $0xbf317200
GLOBL f32NegL2U<>(SB), RODATA|NOPTR, $32

DATA f32NegL2L<>+0(SB)/4, $0xb5bfbe8e
DATA f32NegL2L<>+4(SB)/4, $0xb5bfbe8e
DATA f32NegL2L<>+8(SB)/4, $0xb5bfbe8e
DATA f32NegL2L<>+12(SB)/4, $0xb5bfbe8e
DATA f32NegL2L<>+16(SB)/4, $0xb5bfbe8e
DATA f32NegL2L<>+20(SB)/4, $0xb5bfbe8e
DATA f32NegL2L<>+24(SB)/4, $0xb5bfbe8e
DATA f32NegL2L<>+28(SB)/4, $0xb5bfbe8e
GLOBL f32NegL2L<>(SB), RODATA|NOPTR, $32

DATA f32ExpC0<>+0(SB)/4, $0x39502bda
DATA f32ExpC0<>+4(SB)/4, $0x39502bda
DATA f32ExpC0<>+8(SB)/4, $0x39502bda
DATA f32ExpC0<>+12(SB)/4, $0x39502bda
DATA f32ExpC0<>+16(SB)/4, $0x39502bda
DATA f32ExpC0<>+20(SB)/4, $0x39502bda
DATA f32ExpC0<>+24(SB)/4, $0x39502bda
DATA f32ExpC0<>+28(SB)/4, $0x39502bda
GLOBL f32ExpC0<>(SB), RODATA|NOPTR, $32

DATA f32ExpC1<>+0(SB)/4, $0x3ab696c9
DATA f32ExpC1<>+4(SB)/4, $0x3ab696c9
DATA f32ExpC1<>+8(SB)/4, $0x3ab696c9
DATA f32ExpC1<>+12(SB)/4, $0x3ab696c9
DATA f32ExpC1<>+16(SB)/4, $0x3ab696c9
DATA f32ExpC1<>+20(SB)/4, $0x3ab696c9
DATA f32ExpC1<>+24(SB)/4, $0x3ab696c9
DATA f32ExpC1<>+28(SB)/4, $0x3ab696c9
GLOBL f32ExpC1<>(SB), RODATA|NOPTR, $32

DATA f32ExpC2<>+0(SB)/4, $0x3c0888a6
DATA f32ExpC2<>+4(SB)/4, $0x3c0888a6
DATA f32ExpC2<>+8(SB)/4, $0x3c0888a6
DATA f32ExpC2<>+12(SB)/4, $0x3c0888a6
DATA f32ExpC2<>+16(SB)/4, $0x3c0888a6
DATA f32ExpC2<>+20(SB)/4, $0x3c0888a6
DATA f32ExpC2<>+24(SB)/4, $0x3c0888a6
DATA f32ExpC2<>+28(SB)/4, $0x3c0888a6
GLOBL f32ExpC2<>(SB), RODATA|NOPTR, $32

DATA f32ExpC3<>+0(SB)/4, $0x3d2aaa7a
DATA f32ExpC3<>+4(SB)/4, $0x3d2aaa7a
DATA f32ExpC3<>+8(SB)/4, $0x3d2aaa7a
DATA f32ExpC3<>+12(SB)/4, $0x3d2aaa7a
DATA f32ExpC3<>+16(SB)/4, $0x3d2aaa7a
DATA f32ExpC3<>+20(SB)/4, $0x3d2aaa7a
DATA f32ExpC3<>+24(SB)/4, $0x3d2aaa7a
DATA f32ExpC3<>+28(SB)/4, $0x3d2aaa7a
GLOBL f32ExpC3<>(SB), RODATA|NOPTR, $32

DATA f32ExpC4<>+0(SB)/4, $0x3e2aaaab
DATA f32ExpC4<>+4(SB)/4, $0x3e2aaaab
DATA f32ExpC4<>+8(SB)/4, $0x3e2aaaab
DATA f32ExpC4<>+12(SB)/4, $0x3e2aaaab
DATA f32ExpC4<>+16(SB)/4, $0x3e2aaaab
DATA f32ExpC4<>+20(SB)/4, $0x3e2aaaab
DATA f32ExpC4<>+24(SB)/4, $0x3e2aaaab
DATA f32ExpC4<>+28(SB)/4, $0x3e2aaaab
GLOBL f32ExpC4<>(SB), RODATA|NOPTR, $32

DATA f32Half<>+0(SB)/4, $0x3f000000
DATA f32Half<>+4(SB)/4, $0x3f000000
DATA f32Half<>+8(SB)/4, $0x3f000000
DATA f32Half<>+12(SB)/4, $0x3f000000
DATA f32Half<>+16(SB)/4, $0x3f000000
DATA f32Half<>+20(SB)/4, $0x3f000000
DATA f32Half<>+24(SB)/4, $0x3f000000
DATA f32Half<>+28(SB)/4, $0x3f000000
GLOBL f32Half<>(SB), RODATA|NOPTR, $32

DATA f32One<>+0(SB)/4, $0x3f800000
DATA f32One<>+4(SB)/4, $0x3f800000
DATA f32One<>+8(SB)/4, $0x3f800000
DATA f32One<>+12(SB)/4, $0x3f800000
DATA f32One<>+16(SB)/4, $0x3f800000
DATA f32One<>+20(SB)/4, $0x3f800000
DATA f32One<>+24(SB)/4, $0x3f800000
DATA f32One<>+28(SB)/4, $0x3f800000
GLOBL f32One<>(SB), RODATA|NOPTR, $32

DATA f32ExpLo<>+0(SB)/4, $0xc2d00000
DATA f32ExpLo<>+4(SB)/4, $0xc2d00000
DATA f32ExpLo<>+8(SB)/4, $0xc2d00000
DATA f32ExpLo<>+12(SB)/4, $0xc2d00000
DATA f32ExpLo<>+16(SB)/4, $0xc2d00000
DATA f32ExpLo<>+20(SB)/4, $0xc2d00000
DATA f32ExpLo<>+24(SB)/4, $0xc2d00000
DATA f32ExpLo<>+28(SB)/4, $0xc2d00000
GLOBL f32ExpLo<>(SB), RODATA|NOPTR, $32

DATA f32ExpHi<>+0(SB)/4, $0x42c80000
DATA f32ExpHi<>+4(SB)/4, $0x42c80000
DATA f32ExpHi<>+8(SB)/4, $0x42c80000
DATA f32ExpHi<>+12(SB)/4, $0x42c80000
DATA f32ExpHi<>+16(SB)/4, $0x42c80000
DATA f32ExpHi<>+20(SB)/4, $0x42c80000
DATA f32ExpHi<>+24(SB)/4, $0x42c80000
DATA f32ExpHi<>+28(SB)/4, $0x42c80000
GLOBL f32ExpHi<>(SB), RODATA|NOPTR, $32

DATA f32Inf<>+0(SB)/4, $0x7f800000
DATA f32Inf<>+4(SB)/4, $0x7f800000
DATA f32Inf<>+8(SB)/4, $0x7f800000
DATA f32Inf<>+12(SB)/4, $0x7f800000
DATA f32Inf<>+16(SB)/4, $0x7f800000
DATA f32Inf<>+20(SB)/4, $0x7f800000
DATA f32Inf<>+24(SB)/4, $0x7f800000
DATA f32Inf<>+28(SB)/4, $0x7f800000
GLOBL f32Inf<>(SB), RODATA|NOPTR, $32

DATA i32Bias<>+0(SB)/4, $0x0000007f
DATA i32Bias<>+4(SB)/4, $0x0000007f
DATA i32Bias<>+8(SB)/4, $0x0000007f
DATA i32Bias<>+12(SB)/4, $0x0000007f
DATA i32Bias<>+16(SB)/4, $0x0000007f
DATA i32Bias<>+20(SB)/4, $0x0000007f
DATA i32Bias<>+24(SB)/4, $0x0000007f
DATA i32Bias<>+28(SB)/4, $0x0000007f
GLOBL i32Bias<>(SB), RODATA|NOPTR, $32

DATA f32SignMask<>+0(SB)/4, $0x80000000
DATA f32SignMask<>+4(SB)/4, $0x80000000
DATA f32SignMask<>+8(SB)/4, $0x80000000
DATA f32SignMask<>+12(SB)/4, $0x80000000
DATA f32SignMask<>+16(SB)/4, $0x80000000
DATA f32SignMask<>+20(SB)/4, $0x80000000
DATA f32SignMask<>+24(SB)/4, $0x80000000
DATA f32SignMask<>+28(SB)/4, $0x80000000
GLOBL f32SignMask<>(SB), RODATA|NOPTR, $32


// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
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

// EXPF8 computes SLEEF's expf_u10 of the 8 lanes of Y0 into Y4 (see
// sleefExpf); it clobbers Y1-Y3, Y5 and Y6. Steps: q = rint(d*R_LN2f),
// s = fma(qf, -L2U, d), s = fma(qf, -L2L, s), u = c0, u = fma(u, s, c_k)
// for c1..c5, u = 1 + fma(s*s, u, s), u *= 2^(q>>1) * 2^(q-(q>>1)), then
// 0 where d < -104, +inf where d > 100, and d itself where d is NaN.
#define EXPF8 \
	VMULPS      f32Rln2<>(SB), Y0, Y1   \
	VCVTPS2DQ   Y1, Y1                  \
	VCVTDQ2PS   Y1, Y2                  \
	VMOVAPS     Y0, Y3                  \
	VFMADD231PS f32NegL2U<>(SB), Y2, Y3 \
	VFMADD231PS f32NegL2L<>(SB), Y2, Y3 \
	VMOVUPS     f32ExpC0<>(SB), Y4      \
	VFMADD213PS f32ExpC1<>(SB), Y3, Y4  \
	VFMADD213PS f32ExpC2<>(SB), Y3, Y4  \
	VFMADD213PS f32ExpC3<>(SB), Y3, Y4  \
	VFMADD213PS f32ExpC4<>(SB), Y3, Y4  \
	VFMADD213PS f32Half<>(SB), Y3, Y4   \
	VMULPS      Y3, Y3, Y5              \
	VFMADD213PS Y3, Y5, Y4              \
	VADDPS      f32One<>(SB), Y4, Y4    \
	VPSRAD      $1, Y1, Y5              \
	VPSUBD      Y5, Y1, Y6              \
	VPADDD      i32Bias<>(SB), Y5, Y5   \
	VPSLLD      $23, Y5, Y5             \
	VPADDD      i32Bias<>(SB), Y6, Y6   \
	VPSLLD      $23, Y6, Y6             \
	VMULPS      Y5, Y4, Y4              \
	VMULPS      Y6, Y4, Y4              \
	VCMPPS      $1, f32ExpLo<>(SB), Y0, Y5 \
	VANDNPS     Y4, Y5, Y4              \
	VMOVUPS     f32ExpHi<>(SB), Y6      \
	VCMPPS      $1, Y0, Y6, Y5          \
	VBLENDVPS   Y5, f32Inf<>(SB), Y4, Y4 \
	VCMPPS      $3, Y0, Y0, Y5          \
	VBLENDVPS   Y5, Y0, Y4, Y4

// func expf32AVX2(dst, src *float32, n int)
// n is a multiple of 8.
TEXT ·expf32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   expdone
exploop:
	VMOVUPS (SI), Y0
	EXPF8
	VMOVUPS Y4, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  exploop
expdone:
	VZEROUPPER
	RET

// func sigmoidf32AVX2(dst, src *float32, n int)
// dst = 1 / (1 + expf(-src)), each step rounded to float32; n is a
// multiple of 8.
TEXT ·sigmoidf32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   sigdone
	VMOVUPS f32SignMask<>(SB), Y7
	VMOVUPS f32One<>(SB), Y8
sigloop:
	VMOVUPS (SI), Y0
	VXORPS  Y7, Y0, Y0
	EXPF8
	VADDPS  Y8, Y4, Y4
	VDIVPS  Y4, Y8, Y4
	VMOVUPS Y4, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  sigloop
sigdone:
	VZEROUPPER
	RET

// func expSubSumf32AVX2(dst, src *float32, m float32, acc *float32, n int)
// dst = expf(src - m) (the subtraction rounded to float32 first), and
// acc[l] += dst[8k+l] for every vector k in order: softmax's exponentials
// and reduce_all's lanes of their sum. n is a multiple of 8.
TEXT ·expSubSumf32AVX2(SB), NOSPLIT, $0-40
	MOVQ         dst+0(FP), DI
	MOVQ         src+8(FP), SI
	VBROADCASTSS m+16(FP), Y8
	MOVQ         acc+24(FP), DX
	MOVQ         n+32(FP), CX
	VMOVUPS      (DX), Y7
	SHRQ         $3, CX
	JZ           essdone
essloop:
	VMOVUPS (SI), Y0
	VSUBPS  Y8, Y0, Y0
	EXPF8
	VMOVUPS Y4, (DI)
	VADDPS  Y4, Y7, Y7
	ADDQ    $32, SI
	ADDQ    $32, DI
	DECQ    CX
	JNZ     essloop
essdone:
	VMOVUPS Y7, (DX)
	VZEROUPPER
	RET

// func sumLanesf32AVX2(acc, src *float32, n int)
// acc[l] += src[8k+l] for every vector k in order; n is a multiple of 8.
TEXT ·sumLanesf32AVX2(SB), NOSPLIT, $0-24
	MOVQ    acc+0(FP), DX
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX
	VMOVUPS (DX), Y7
	SHRQ    $3, CX
	JZ      sldone
slloop:
	VADDPS (SI), Y7, Y7
	ADDQ   $32, SI
	DECQ   CX
	JNZ    slloop
sldone:
	VMOVUPS Y7, (DX)
	VZEROUPPER
	RET

// func sumSqLanesf32AVX2(acc, src *float32, n int)
// acc[l] = fma(x, x, acc[l]) for x = src[8k+l], every vector k in order
// (norm's lanes); n is a multiple of 8.
TEXT ·sumSqLanesf32AVX2(SB), NOSPLIT, $0-24
	MOVQ    acc+0(FP), DX
	MOVQ    src+8(FP), SI
	MOVQ    n+16(FP), CX
	VMOVUPS (DX), Y7
	SHRQ    $3, CX
	JZ      sqdone
sqloop:
	VMOVUPS     (SI), Y0
	VFMADD231PS Y0, Y0, Y7
	ADDQ        $32, SI
	DECQ        CX
	JNZ         sqloop
sqdone:
	VMOVUPS Y7, (DX)
	VZEROUPPER
	RET

// func addRowsf32AVX2(acc, src *float32, rows int)
// For each of rows rows of 32 floats: acc[k] += row[k] (k < 32), in order.
TEXT ·addRowsf32AVX2(SB), NOSPLIT, $0-24
	MOVQ acc+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), CX
	VMOVUPS 0(DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	TESTQ CX, CX
	JZ   arf32done
arf32loop:
	VADDPS 0(SI), Y0, Y0
	VADDPS 32(SI), Y1, Y1
	VADDPS 64(SI), Y2, Y2
	VADDPS 96(SI), Y3, Y3
	ADDQ $128, SI
	DECQ CX
	JNZ  arf32loop
arf32done:
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	VZEROUPPER
	RET

// func addRowsf64AVX2(acc, src *float64, rows int)
// For each of rows rows of 16 doubles: acc[k] += row[k] (k < 16), in order.
TEXT ·addRowsf64AVX2(SB), NOSPLIT, $0-24
	MOVQ acc+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ rows+16(FP), CX
	VMOVUPD 0(DI), Y0
	VMOVUPD 32(DI), Y1
	VMOVUPD 64(DI), Y2
	VMOVUPD 96(DI), Y3
	TESTQ CX, CX
	JZ   arf64done
arf64loop:
	VADDPD 0(SI), Y0, Y0
	VADDPD 32(SI), Y1, Y1
	VADDPD 64(SI), Y2, Y2
	VADDPD 96(SI), Y3, Y3
	ADDQ $128, SI
	DECQ CX
	JNZ  arf64loop
arf64done:
	VMOVUPD Y0, 0(DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	VZEROUPPER
	RET

// func addf32AVX2(dst, src *float32, n int)
// dst[k] += src[k] for k < n; n is a multiple of 8.
TEXT ·addf32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   af32done
af32loop4:
	CMPQ CX, $4
	JL   af32loop1
	VMOVUPS 0(DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS 64(DI), Y2
	VMOVUPS 96(DI), Y3
	VADDPS 0(SI), Y0, Y0
	VADDPS 32(SI), Y1, Y1
	VADDPS 64(SI), Y2, Y2
	VADDPS 96(SI), Y3, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  af32loop4
af32loop1:
	TESTQ CX, CX
	JZ   af32done
	VMOVUPS 0(DI), Y0
	VADDPS 0(SI), Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  af32loop1
af32done:
	VZEROUPPER
	RET

// func addf64AVX2(dst, src *float64, n int)
// dst[k] += src[k] for k < n; n is a multiple of 4.
TEXT ·addf64AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $2, CX
	JZ   af64done
af64loop4:
	CMPQ CX, $4
	JL   af64loop1
	VMOVUPD 0(DI), Y0
	VMOVUPD 32(DI), Y1
	VMOVUPD 64(DI), Y2
	VMOVUPD 96(DI), Y3
	VADDPD 0(SI), Y0, Y0
	VADDPD 32(SI), Y1, Y1
	VADDPD 64(SI), Y2, Y2
	VADDPD 96(SI), Y3, Y3
	VMOVUPD Y0, 0(DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  af64loop4
af64loop1:
	TESTQ CX, CX
	JZ   af64done
	VMOVUPD 0(DI), Y0
	VADDPD 0(SI), Y0, Y0
	VMOVUPD Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  af64loop1
af64done:
	VZEROUPPER
	RET

// Constants of log256_ps and sincos256_ps (avx_mathfun.h).
DATA f32NegTwo<>+0(SB)/4, $0xc0000000
DATA f32NegTwo<>+4(SB)/4, $0xc0000000
DATA f32NegTwo<>+8(SB)/4, $0xc0000000
DATA f32NegTwo<>+12(SB)/4, $0xc0000000
DATA f32NegTwo<>+16(SB)/4, $0xc0000000
DATA f32NegTwo<>+20(SB)/4, $0xc0000000
DATA f32NegTwo<>+24(SB)/4, $0xc0000000
DATA f32NegTwo<>+28(SB)/4, $0xc0000000
GLOBL f32NegTwo<>(SB), RODATA|NOPTR, $32

DATA f32TwoPi<>+0(SB)/4, $0x40c90fdb
DATA f32TwoPi<>+4(SB)/4, $0x40c90fdb
DATA f32TwoPi<>+8(SB)/4, $0x40c90fdb
DATA f32TwoPi<>+12(SB)/4, $0x40c90fdb
DATA f32TwoPi<>+16(SB)/4, $0x40c90fdb
DATA f32TwoPi<>+20(SB)/4, $0x40c90fdb
DATA f32TwoPi<>+24(SB)/4, $0x40c90fdb
DATA f32TwoPi<>+28(SB)/4, $0x40c90fdb
GLOBL f32TwoPi<>(SB), RODATA|NOPTR, $32

DATA f32MinNorm<>+0(SB)/4, $0x00800000
DATA f32MinNorm<>+4(SB)/4, $0x00800000
DATA f32MinNorm<>+8(SB)/4, $0x00800000
DATA f32MinNorm<>+12(SB)/4, $0x00800000
DATA f32MinNorm<>+16(SB)/4, $0x00800000
DATA f32MinNorm<>+20(SB)/4, $0x00800000
DATA f32MinNorm<>+24(SB)/4, $0x00800000
DATA f32MinNorm<>+28(SB)/4, $0x00800000
GLOBL f32MinNorm<>(SB), RODATA|NOPTR, $32

DATA f32SqrtHalf<>+0(SB)/4, $0x3f3504f3
DATA f32SqrtHalf<>+4(SB)/4, $0x3f3504f3
DATA f32SqrtHalf<>+8(SB)/4, $0x3f3504f3
DATA f32SqrtHalf<>+12(SB)/4, $0x3f3504f3
DATA f32SqrtHalf<>+16(SB)/4, $0x3f3504f3
DATA f32SqrtHalf<>+20(SB)/4, $0x3f3504f3
DATA f32SqrtHalf<>+24(SB)/4, $0x3f3504f3
DATA f32SqrtHalf<>+28(SB)/4, $0x3f3504f3
GLOBL f32SqrtHalf<>(SB), RODATA|NOPTR, $32

DATA f32LogP0<>+0(SB)/4, $0x3d9021bb
DATA f32LogP0<>+4(SB)/4, $0x3d9021bb
DATA f32LogP0<>+8(SB)/4, $0x3d9021bb
DATA f32LogP0<>+12(SB)/4, $0x3d9021bb
DATA f32LogP0<>+16(SB)/4, $0x3d9021bb
DATA f32LogP0<>+20(SB)/4, $0x3d9021bb
DATA f32LogP0<>+24(SB)/4, $0x3d9021bb
DATA f32LogP0<>+28(SB)/4, $0x3d9021bb
GLOBL f32LogP0<>(SB), RODATA|NOPTR, $32

DATA f32LogP1<>+0(SB)/4, $0xbdebd1b8
DATA f32LogP1<>+4(SB)/4, $0xbdebd1b8
DATA f32LogP1<>+8(SB)/4, $0xbdebd1b8
DATA f32LogP1<>+12(SB)/4, $0xbdebd1b8
DATA f32LogP1<>+16(SB)/4, $0xbdebd1b8
DATA f32LogP1<>+20(SB)/4, $0xbdebd1b8
DATA f32LogP1<>+24(SB)/4, $0xbdebd1b8
DATA f32LogP1<>+28(SB)/4, $0xbdebd1b8
GLOBL f32LogP1<>(SB), RODATA|NOPTR, $32

DATA f32LogP2<>+0(SB)/4, $0x3def251a
DATA f32LogP2<>+4(SB)/4, $0x3def251a
DATA f32LogP2<>+8(SB)/4, $0x3def251a
DATA f32LogP2<>+12(SB)/4, $0x3def251a
DATA f32LogP2<>+16(SB)/4, $0x3def251a
DATA f32LogP2<>+20(SB)/4, $0x3def251a
DATA f32LogP2<>+24(SB)/4, $0x3def251a
DATA f32LogP2<>+28(SB)/4, $0x3def251a
GLOBL f32LogP2<>(SB), RODATA|NOPTR, $32

DATA f32LogP3<>+0(SB)/4, $0xbdfe5d4f
DATA f32LogP3<>+4(SB)/4, $0xbdfe5d4f
DATA f32LogP3<>+8(SB)/4, $0xbdfe5d4f
DATA f32LogP3<>+12(SB)/4, $0xbdfe5d4f
DATA f32LogP3<>+16(SB)/4, $0xbdfe5d4f
DATA f32LogP3<>+20(SB)/4, $0xbdfe5d4f
DATA f32LogP3<>+24(SB)/4, $0xbdfe5d4f
DATA f32LogP3<>+28(SB)/4, $0xbdfe5d4f
GLOBL f32LogP3<>(SB), RODATA|NOPTR, $32

DATA f32LogP4<>+0(SB)/4, $0x3e11e9bf
DATA f32LogP4<>+4(SB)/4, $0x3e11e9bf
DATA f32LogP4<>+8(SB)/4, $0x3e11e9bf
DATA f32LogP4<>+12(SB)/4, $0x3e11e9bf
DATA f32LogP4<>+16(SB)/4, $0x3e11e9bf
DATA f32LogP4<>+20(SB)/4, $0x3e11e9bf
DATA f32LogP4<>+24(SB)/4, $0x3e11e9bf
DATA f32LogP4<>+28(SB)/4, $0x3e11e9bf
GLOBL f32LogP4<>(SB), RODATA|NOPTR, $32

DATA f32LogP5<>+0(SB)/4, $0xbe2aae50
DATA f32LogP5<>+4(SB)/4, $0xbe2aae50
DATA f32LogP5<>+8(SB)/4, $0xbe2aae50
DATA f32LogP5<>+12(SB)/4, $0xbe2aae50
DATA f32LogP5<>+16(SB)/4, $0xbe2aae50
DATA f32LogP5<>+20(SB)/4, $0xbe2aae50
DATA f32LogP5<>+24(SB)/4, $0xbe2aae50
DATA f32LogP5<>+28(SB)/4, $0xbe2aae50
GLOBL f32LogP5<>(SB), RODATA|NOPTR, $32

DATA f32LogP6<>+0(SB)/4, $0x3e4cceac
DATA f32LogP6<>+4(SB)/4, $0x3e4cceac
DATA f32LogP6<>+8(SB)/4, $0x3e4cceac
DATA f32LogP6<>+12(SB)/4, $0x3e4cceac
DATA f32LogP6<>+16(SB)/4, $0x3e4cceac
DATA f32LogP6<>+20(SB)/4, $0x3e4cceac
DATA f32LogP6<>+24(SB)/4, $0x3e4cceac
DATA f32LogP6<>+28(SB)/4, $0x3e4cceac
GLOBL f32LogP6<>(SB), RODATA|NOPTR, $32

DATA f32LogP7<>+0(SB)/4, $0xbe7ffffc
DATA f32LogP7<>+4(SB)/4, $0xbe7ffffc
DATA f32LogP7<>+8(SB)/4, $0xbe7ffffc
DATA f32LogP7<>+12(SB)/4, $0xbe7ffffc
DATA f32LogP7<>+16(SB)/4, $0xbe7ffffc
DATA f32LogP7<>+20(SB)/4, $0xbe7ffffc
DATA f32LogP7<>+24(SB)/4, $0xbe7ffffc
DATA f32LogP7<>+28(SB)/4, $0xbe7ffffc
GLOBL f32LogP7<>(SB), RODATA|NOPTR, $32

DATA f32LogP8<>+0(SB)/4, $0x3eaaaaaa
DATA f32LogP8<>+4(SB)/4, $0x3eaaaaaa
DATA f32LogP8<>+8(SB)/4, $0x3eaaaaaa
DATA f32LogP8<>+12(SB)/4, $0x3eaaaaaa
DATA f32LogP8<>+16(SB)/4, $0x3eaaaaaa
DATA f32LogP8<>+20(SB)/4, $0x3eaaaaaa
DATA f32LogP8<>+24(SB)/4, $0x3eaaaaaa
DATA f32LogP8<>+28(SB)/4, $0x3eaaaaaa
GLOBL f32LogP8<>(SB), RODATA|NOPTR, $32

DATA f32LogQ1<>+0(SB)/4, $0xb95e8083
DATA f32LogQ1<>+4(SB)/4, $0xb95e8083
DATA f32LogQ1<>+8(SB)/4, $0xb95e8083
DATA f32LogQ1<>+12(SB)/4, $0xb95e8083
DATA f32LogQ1<>+16(SB)/4, $0xb95e8083
DATA f32LogQ1<>+20(SB)/4, $0xb95e8083
DATA f32LogQ1<>+24(SB)/4, $0xb95e8083
DATA f32LogQ1<>+28(SB)/4, $0xb95e8083
GLOBL f32LogQ1<>(SB), RODATA|NOPTR, $32

DATA f32LogQ2<>+0(SB)/4, $0x3f318000
DATA f32LogQ2<>+4(SB)/4, $0x3f318000
DATA f32LogQ2<>+8(SB)/4, $0x3f318000
DATA f32LogQ2<>+12(SB)/4, $0x3f318000
DATA f32LogQ2<>+16(SB)/4, $0x3f318000
DATA f32LogQ2<>+20(SB)/4, $0x3f318000
DATA f32LogQ2<>+24(SB)/4, $0x3f318000
DATA f32LogQ2<>+28(SB)/4, $0x3f318000
GLOBL f32LogQ2<>(SB), RODATA|NOPTR, $32

DATA f32NegHalf<>+0(SB)/4, $0xbf000000
DATA f32NegHalf<>+4(SB)/4, $0xbf000000
DATA f32NegHalf<>+8(SB)/4, $0xbf000000
DATA f32NegHalf<>+12(SB)/4, $0xbf000000
DATA f32NegHalf<>+16(SB)/4, $0xbf000000
DATA f32NegHalf<>+20(SB)/4, $0xbf000000
DATA f32NegHalf<>+24(SB)/4, $0xbf000000
DATA f32NegHalf<>+28(SB)/4, $0xbf000000
GLOBL f32NegHalf<>(SB), RODATA|NOPTR, $32

DATA f32DP1<>+0(SB)/4, $0xbf490000
DATA f32DP1<>+4(SB)/4, $0xbf490000
DATA f32DP1<>+8(SB)/4, $0xbf490000
DATA f32DP1<>+12(SB)/4, $0xbf490000
DATA f32DP1<>+16(SB)/4, $0xbf490000
DATA f32DP1<>+20(SB)/4, $0xbf490000
DATA f32DP1<>+24(SB)/4, $0xbf490000
DATA f32DP1<>+28(SB)/4, $0xbf490000
GLOBL f32DP1<>(SB), RODATA|NOPTR, $32

DATA f32DP2<>+0(SB)/4, $0xb97da000
DATA f32DP2<>+4(SB)/4, $0xb97da000
DATA f32DP2<>+8(SB)/4, $0xb97da000
DATA f32DP2<>+12(SB)/4, $0xb97da000
DATA f32DP2<>+16(SB)/4, $0xb97da000
DATA f32DP2<>+20(SB)/4, $0xb97da000
DATA f32DP2<>+24(SB)/4, $0xb97da000
DATA f32DP2<>+28(SB)/4, $0xb97da000
GLOBL f32DP2<>(SB), RODATA|NOPTR, $32

DATA f32DP3<>+0(SB)/4, $0xb3222169
DATA f32DP3<>+4(SB)/4, $0xb3222169
DATA f32DP3<>+8(SB)/4, $0xb3222169
DATA f32DP3<>+12(SB)/4, $0xb3222169
DATA f32DP3<>+16(SB)/4, $0xb3222169
DATA f32DP3<>+20(SB)/4, $0xb3222169
DATA f32DP3<>+24(SB)/4, $0xb3222169
DATA f32DP3<>+28(SB)/4, $0xb3222169
GLOBL f32DP3<>(SB), RODATA|NOPTR, $32

DATA f32SinP0<>+0(SB)/4, $0xb94ca1f9
DATA f32SinP0<>+4(SB)/4, $0xb94ca1f9
DATA f32SinP0<>+8(SB)/4, $0xb94ca1f9
DATA f32SinP0<>+12(SB)/4, $0xb94ca1f9
DATA f32SinP0<>+16(SB)/4, $0xb94ca1f9
DATA f32SinP0<>+20(SB)/4, $0xb94ca1f9
DATA f32SinP0<>+24(SB)/4, $0xb94ca1f9
DATA f32SinP0<>+28(SB)/4, $0xb94ca1f9
GLOBL f32SinP0<>(SB), RODATA|NOPTR, $32

DATA f32SinP1<>+0(SB)/4, $0x3c08839e
DATA f32SinP1<>+4(SB)/4, $0x3c08839e
DATA f32SinP1<>+8(SB)/4, $0x3c08839e
DATA f32SinP1<>+12(SB)/4, $0x3c08839e
DATA f32SinP1<>+16(SB)/4, $0x3c08839e
DATA f32SinP1<>+20(SB)/4, $0x3c08839e
DATA f32SinP1<>+24(SB)/4, $0x3c08839e
DATA f32SinP1<>+28(SB)/4, $0x3c08839e
GLOBL f32SinP1<>(SB), RODATA|NOPTR, $32

DATA f32SinP2<>+0(SB)/4, $0xbe2aaaa3
DATA f32SinP2<>+4(SB)/4, $0xbe2aaaa3
DATA f32SinP2<>+8(SB)/4, $0xbe2aaaa3
DATA f32SinP2<>+12(SB)/4, $0xbe2aaaa3
DATA f32SinP2<>+16(SB)/4, $0xbe2aaaa3
DATA f32SinP2<>+20(SB)/4, $0xbe2aaaa3
DATA f32SinP2<>+24(SB)/4, $0xbe2aaaa3
DATA f32SinP2<>+28(SB)/4, $0xbe2aaaa3
GLOBL f32SinP2<>(SB), RODATA|NOPTR, $32

DATA f32CosP0<>+0(SB)/4, $0x37ccf5ce
DATA f32CosP0<>+4(SB)/4, $0x37ccf5ce
DATA f32CosP0<>+8(SB)/4, $0x37ccf5ce
DATA f32CosP0<>+12(SB)/4, $0x37ccf5ce
DATA f32CosP0<>+16(SB)/4, $0x37ccf5ce
DATA f32CosP0<>+20(SB)/4, $0x37ccf5ce
DATA f32CosP0<>+24(SB)/4, $0x37ccf5ce
DATA f32CosP0<>+28(SB)/4, $0x37ccf5ce
GLOBL f32CosP0<>(SB), RODATA|NOPTR, $32

DATA f32CosP1<>+0(SB)/4, $0xbab6061a
DATA f32CosP1<>+4(SB)/4, $0xbab6061a
DATA f32CosP1<>+8(SB)/4, $0xbab6061a
DATA f32CosP1<>+12(SB)/4, $0xbab6061a
DATA f32CosP1<>+16(SB)/4, $0xbab6061a
DATA f32CosP1<>+20(SB)/4, $0xbab6061a
DATA f32CosP1<>+24(SB)/4, $0xbab6061a
DATA f32CosP1<>+28(SB)/4, $0xbab6061a
GLOBL f32CosP1<>(SB), RODATA|NOPTR, $32

DATA f32CosP2<>+0(SB)/4, $0x3d2aaaa5
DATA f32CosP2<>+4(SB)/4, $0x3d2aaaa5
DATA f32CosP2<>+8(SB)/4, $0x3d2aaaa5
DATA f32CosP2<>+12(SB)/4, $0x3d2aaaa5
DATA f32CosP2<>+16(SB)/4, $0x3d2aaaa5
DATA f32CosP2<>+20(SB)/4, $0x3d2aaaa5
DATA f32CosP2<>+24(SB)/4, $0x3d2aaaa5
DATA f32CosP2<>+28(SB)/4, $0x3d2aaaa5
GLOBL f32CosP2<>(SB), RODATA|NOPTR, $32

DATA f32FOPI<>+0(SB)/4, $0x3fa2f983
DATA f32FOPI<>+4(SB)/4, $0x3fa2f983
DATA f32FOPI<>+8(SB)/4, $0x3fa2f983
DATA f32FOPI<>+12(SB)/4, $0x3fa2f983
DATA f32FOPI<>+16(SB)/4, $0x3fa2f983
DATA f32FOPI<>+20(SB)/4, $0x3fa2f983
DATA f32FOPI<>+24(SB)/4, $0x3fa2f983
DATA f32FOPI<>+28(SB)/4, $0x3fa2f983
GLOBL f32FOPI<>(SB), RODATA|NOPTR, $32

DATA i32InvMant<>+0(SB)/4, $0x807fffff
DATA i32InvMant<>+4(SB)/4, $0x807fffff
DATA i32InvMant<>+8(SB)/4, $0x807fffff
DATA i32InvMant<>+12(SB)/4, $0x807fffff
DATA i32InvMant<>+16(SB)/4, $0x807fffff
DATA i32InvMant<>+20(SB)/4, $0x807fffff
DATA i32InvMant<>+24(SB)/4, $0x807fffff
DATA i32InvMant<>+28(SB)/4, $0x807fffff
GLOBL i32InvMant<>(SB), RODATA|NOPTR, $32

DATA i32One<>+0(SB)/4, $0x00000001
DATA i32One<>+4(SB)/4, $0x00000001
DATA i32One<>+8(SB)/4, $0x00000001
DATA i32One<>+12(SB)/4, $0x00000001
DATA i32One<>+16(SB)/4, $0x00000001
DATA i32One<>+20(SB)/4, $0x00000001
DATA i32One<>+24(SB)/4, $0x00000001
DATA i32One<>+28(SB)/4, $0x00000001
GLOBL i32One<>(SB), RODATA|NOPTR, $32

DATA i32NotOne<>+0(SB)/4, $0xfffffffe
DATA i32NotOne<>+4(SB)/4, $0xfffffffe
DATA i32NotOne<>+8(SB)/4, $0xfffffffe
DATA i32NotOne<>+12(SB)/4, $0xfffffffe
DATA i32NotOne<>+16(SB)/4, $0xfffffffe
DATA i32NotOne<>+20(SB)/4, $0xfffffffe
DATA i32NotOne<>+24(SB)/4, $0xfffffffe
DATA i32NotOne<>+28(SB)/4, $0xfffffffe
GLOBL i32NotOne<>(SB), RODATA|NOPTR, $32

DATA i32Two<>+0(SB)/4, $0x00000002
DATA i32Two<>+4(SB)/4, $0x00000002
DATA i32Two<>+8(SB)/4, $0x00000002
DATA i32Two<>+12(SB)/4, $0x00000002
DATA i32Two<>+16(SB)/4, $0x00000002
DATA i32Two<>+20(SB)/4, $0x00000002
DATA i32Two<>+24(SB)/4, $0x00000002
DATA i32Two<>+28(SB)/4, $0x00000002
GLOBL i32Two<>(SB), RODATA|NOPTR, $32

DATA i32Four<>+0(SB)/4, $0x00000004
DATA i32Four<>+4(SB)/4, $0x00000004
DATA i32Four<>+8(SB)/4, $0x00000004
DATA i32Four<>+12(SB)/4, $0x00000004
DATA i32Four<>+16(SB)/4, $0x00000004
DATA i32Four<>+20(SB)/4, $0x00000004
DATA i32Four<>+24(SB)/4, $0x00000004
DATA i32Four<>+28(SB)/4, $0x00000004
GLOBL i32Four<>(SB), RODATA|NOPTR, $32


// func normal16f32AVX2(data *float32, blocks int, mean, std float32)
// normal16Float32 on each of blocks consecutive blocks of 16 floats: with
// u1 = 1 - b[0:8], u2 = b[8:16], r = sqrt(-2*log(u1)) and (s, c) =
// sincos(2pi*u2): b[0:8] = fma(r*c, std, mean), b[8:16] = fma(r*s, std,
// mean). log and sincos are avxLog and avxSincos (log256_ps and
// sincos256_ps), for u1 in (0, 1].
TEXT ·normal16f32AVX2(SB), NOSPLIT, $0-24
	MOVQ data+0(FP), DI
	MOVQ blocks+8(FP), CX
	VBROADCASTSS mean+16(FP), Y14
	VBROADCASTSS std+20(FP), Y15
	VMOVUPS f32SignMask<>(SB), Y10
	TESTQ CX, CX
	JZ   n16done
n16loop:
	VMOVUPS (DI), Y0
	VMOVUPS 32(DI), Y1
	VMOVUPS f32One<>(SB), Y2
	VSUBPS  Y0, Y2, Y0

	// log256_ps(Y0) -> Y0
	VMAXPS    f32MinNorm<>(SB), Y0, Y0
	VPSRLD    $23, Y0, Y3
	VPSUBD    i32Bias<>(SB), Y3, Y3
	VCVTDQ2PS Y3, Y3
	VANDPS    i32InvMant<>(SB), Y0, Y0
	VORPS     f32Half<>(SB), Y0, Y0
	VADDPS    f32One<>(SB), Y3, Y3
	VCMPPS    $1, f32SqrtHalf<>(SB), Y0, Y4
	VANDPS    Y0, Y4, Y5
	VSUBPS    f32One<>(SB), Y0, Y0
	VANDPS    f32One<>(SB), Y4, Y6
	VSUBPS    Y6, Y3, Y3
	VADDPS    Y5, Y0, Y0
	VMULPS    Y0, Y0, Y4
	VMOVUPS   f32LogP0<>(SB), Y5
	VFMADD213PS f32LogP1<>(SB), Y0, Y5
	VFMADD213PS f32LogP2<>(SB), Y0, Y5
	VFMADD213PS f32LogP3<>(SB), Y0, Y5
	VFMADD213PS f32LogP4<>(SB), Y0, Y5
	VFMADD213PS f32LogP5<>(SB), Y0, Y5
	VFMADD213PS f32LogP6<>(SB), Y0, Y5
	VFMADD213PS f32LogP7<>(SB), Y0, Y5
	VFMADD213PS f32LogP8<>(SB), Y0, Y5
	VMULPS    Y0, Y5, Y5
	VMULPS    Y4, Y5, Y5
	VFMADD231PS f32LogQ1<>(SB), Y3, Y5
	VFMADD231PS f32NegHalf<>(SB), Y4, Y5
	VADDPS    Y5, Y0, Y0
	VFMADD231PS f32LogQ2<>(SB), Y3, Y0

	VMULPS  f32NegTwo<>(SB), Y0, Y0
	VSQRTPS Y0, Y8
	VMULPS  f32TwoPi<>(SB), Y1, Y1

	// sincos256_ps(Y1) -> sin Y1, cos Y2
	VANDPS    Y10, Y1, Y9
	VANDNPS   Y1, Y10, Y1
	VMULPS    f32FOPI<>(SB), Y1, Y3
	VCVTTPS2DQ Y3, Y4
	VPADDD    i32One<>(SB), Y4, Y4
	VPAND     i32NotOne<>(SB), Y4, Y4
	VCVTDQ2PS Y4, Y3
	VPAND     i32Four<>(SB), Y4, Y5
	VPSLLD    $29, Y5, Y5
	VPAND     i32Two<>(SB), Y4, Y6
	VPXOR     Y7, Y7, Y7
	VPCMPEQD  Y7, Y6, Y6
	VFMADD231PS f32DP1<>(SB), Y3, Y1
	VFMADD231PS f32DP2<>(SB), Y3, Y1
	VFMADD231PS f32DP3<>(SB), Y3, Y1
	VPSUBD    i32Two<>(SB), Y4, Y7
	VPANDN    i32Four<>(SB), Y7, Y7
	VPSLLD    $29, Y7, Y7
	VXORPS    Y5, Y9, Y9
	VMULPS    Y1, Y1, Y11
	VMOVUPS   f32CosP0<>(SB), Y12
	VFMADD213PS f32CosP1<>(SB), Y11, Y12
	VFMADD213PS f32CosP2<>(SB), Y11, Y12
	VMULPS    Y11, Y12, Y12
	VMULPS    Y11, Y12, Y12
	VFMADD231PS f32NegHalf<>(SB), Y11, Y12
	VADDPS    f32One<>(SB), Y12, Y12
	VMOVUPS   f32SinP0<>(SB), Y13
	VFMADD213PS f32SinP1<>(SB), Y11, Y13
	VFMADD213PS f32SinP2<>(SB), Y11, Y13
	VMULPS    Y11, Y13, Y13
	VFMADD213PS Y1, Y1, Y13
	VANDPS    Y6, Y13, Y3
	VANDNPS   Y12, Y6, Y4
	VSUBPS    Y3, Y13, Y13
	VSUBPS    Y4, Y12, Y12
	VADDPS    Y3, Y4, Y1
	VADDPS    Y13, Y12, Y2
	VXORPS    Y9, Y1, Y1
	VXORPS    Y7, Y2, Y2

	VMULPS  Y2, Y8, Y2
	VMULPS  Y1, Y8, Y1
	VFMADD213PS Y14, Y15, Y2
	VFMADD213PS Y14, Y15, Y1
	VMOVUPS Y2, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ $64, DI
	DECQ CX
	JNZ  n16loop
n16done:
	VZEROUPPER
	RET

// Element-wise float32 binary operations: o = a OP b over n elements (a
// multiple of 8), vector-vector (vv), vector-scalar (vs) and scalar-vector
// (sv). Each lane is the scalar IEEE operation.

// func addVVf32AVX2(o, a, b *float32, n int)
TEXT ·addVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
addvv4:
	CMPQ CX, $4
	JL   addvv1
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VADDPS 0(DX), Y0, Y0
	VADDPS 32(DX), Y1, Y1
	VADDPS 64(DX), Y2, Y2
	VADDPS 96(DX), Y3, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DX
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  addvv4
addvv1:
	TESTQ CX, CX
	JZ   addvvdone
	VMOVUPS 0(SI), Y0
	VADDPS 0(DX), Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	DECQ CX
	JMP  addvv1
addvvdone:
	VZEROUPPER
	RET

// func addVSf32AVX2(o, a *float32, b float32, n int)
TEXT ·addVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	VBROADCASTSS b+16(FP), Y15
	MOVQ n+24(FP), CX
	SHRQ $3, CX
addvs4:
	CMPQ CX, $4
	JL   addvs1
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VADDPS Y15, Y0, Y0
	VADDPS Y15, Y1, Y1
	VADDPS Y15, Y2, Y2
	VADDPS Y15, Y3, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  addvs4
addvs1:
	TESTQ CX, CX
	JZ   addvsdone
	VMOVUPS 0(SI), Y0
	VADDPS Y15, Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  addvs1
addvsdone:
	VZEROUPPER
	RET

// func addSVf32AVX2(o *float32, a float32, b *float32, n int)
TEXT ·addSVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	VBROADCASTSS a+8(FP), Y15
	MOVQ b+16(FP), SI
	MOVQ n+24(FP), CX
	SHRQ $3, CX
addsv4:
	CMPQ CX, $4
	JL   addsv1
	VADDPS 0(SI), Y15, Y0
	VADDPS 32(SI), Y15, Y1
	VADDPS 64(SI), Y15, Y2
	VADDPS 96(SI), Y15, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  addsv4
addsv1:
	TESTQ CX, CX
	JZ   addsvdone
	VADDPS 0(SI), Y15, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  addsv1
addsvdone:
	VZEROUPPER
	RET


// func subVVf32AVX2(o, a, b *float32, n int)
TEXT ·subVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
subvv4:
	CMPQ CX, $4
	JL   subvv1
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VSUBPS 0(DX), Y0, Y0
	VSUBPS 32(DX), Y1, Y1
	VSUBPS 64(DX), Y2, Y2
	VSUBPS 96(DX), Y3, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DX
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  subvv4
subvv1:
	TESTQ CX, CX
	JZ   subvvdone
	VMOVUPS 0(SI), Y0
	VSUBPS 0(DX), Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	DECQ CX
	JMP  subvv1
subvvdone:
	VZEROUPPER
	RET

// func subVSf32AVX2(o, a *float32, b float32, n int)
TEXT ·subVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	VBROADCASTSS b+16(FP), Y15
	MOVQ n+24(FP), CX
	SHRQ $3, CX
subvs4:
	CMPQ CX, $4
	JL   subvs1
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VSUBPS Y15, Y0, Y0
	VSUBPS Y15, Y1, Y1
	VSUBPS Y15, Y2, Y2
	VSUBPS Y15, Y3, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  subvs4
subvs1:
	TESTQ CX, CX
	JZ   subvsdone
	VMOVUPS 0(SI), Y0
	VSUBPS Y15, Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  subvs1
subvsdone:
	VZEROUPPER
	RET

// func subSVf32AVX2(o *float32, a float32, b *float32, n int)
TEXT ·subSVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	VBROADCASTSS a+8(FP), Y15
	MOVQ b+16(FP), SI
	MOVQ n+24(FP), CX
	SHRQ $3, CX
subsv4:
	CMPQ CX, $4
	JL   subsv1
	VSUBPS 0(SI), Y15, Y0
	VSUBPS 32(SI), Y15, Y1
	VSUBPS 64(SI), Y15, Y2
	VSUBPS 96(SI), Y15, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  subsv4
subsv1:
	TESTQ CX, CX
	JZ   subsvdone
	VSUBPS 0(SI), Y15, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  subsv1
subsvdone:
	VZEROUPPER
	RET


// func mulVVf32AVX2(o, a, b *float32, n int)
TEXT ·mulVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
mulvv4:
	CMPQ CX, $4
	JL   mulvv1
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VMULPS 0(DX), Y0, Y0
	VMULPS 32(DX), Y1, Y1
	VMULPS 64(DX), Y2, Y2
	VMULPS 96(DX), Y3, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DX
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  mulvv4
mulvv1:
	TESTQ CX, CX
	JZ   mulvvdone
	VMOVUPS 0(SI), Y0
	VMULPS 0(DX), Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	DECQ CX
	JMP  mulvv1
mulvvdone:
	VZEROUPPER
	RET

// func mulVSf32AVX2(o, a *float32, b float32, n int)
TEXT ·mulVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	VBROADCASTSS b+16(FP), Y15
	MOVQ n+24(FP), CX
	SHRQ $3, CX
mulvs4:
	CMPQ CX, $4
	JL   mulvs1
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VMULPS Y15, Y0, Y0
	VMULPS Y15, Y1, Y1
	VMULPS Y15, Y2, Y2
	VMULPS Y15, Y3, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  mulvs4
mulvs1:
	TESTQ CX, CX
	JZ   mulvsdone
	VMOVUPS 0(SI), Y0
	VMULPS Y15, Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  mulvs1
mulvsdone:
	VZEROUPPER
	RET

// func mulSVf32AVX2(o *float32, a float32, b *float32, n int)
TEXT ·mulSVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	VBROADCASTSS a+8(FP), Y15
	MOVQ b+16(FP), SI
	MOVQ n+24(FP), CX
	SHRQ $3, CX
mulsv4:
	CMPQ CX, $4
	JL   mulsv1
	VMULPS 0(SI), Y15, Y0
	VMULPS 32(SI), Y15, Y1
	VMULPS 64(SI), Y15, Y2
	VMULPS 96(SI), Y15, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  mulsv4
mulsv1:
	TESTQ CX, CX
	JZ   mulsvdone
	VMULPS 0(SI), Y15, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  mulsv1
mulsvdone:
	VZEROUPPER
	RET


// func divVVf32AVX2(o, a, b *float32, n int)
TEXT ·divVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
divvv4:
	CMPQ CX, $4
	JL   divvv1
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VDIVPS 0(DX), Y0, Y0
	VDIVPS 32(DX), Y1, Y1
	VDIVPS 64(DX), Y2, Y2
	VDIVPS 96(DX), Y3, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DX
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  divvv4
divvv1:
	TESTQ CX, CX
	JZ   divvvdone
	VMOVUPS 0(SI), Y0
	VDIVPS 0(DX), Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	DECQ CX
	JMP  divvv1
divvvdone:
	VZEROUPPER
	RET

// func divVSf32AVX2(o, a *float32, b float32, n int)
TEXT ·divVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	VBROADCASTSS b+16(FP), Y15
	MOVQ n+24(FP), CX
	SHRQ $3, CX
divvs4:
	CMPQ CX, $4
	JL   divvs1
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VDIVPS Y15, Y0, Y0
	VDIVPS Y15, Y1, Y1
	VDIVPS Y15, Y2, Y2
	VDIVPS Y15, Y3, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  divvs4
divvs1:
	TESTQ CX, CX
	JZ   divvsdone
	VMOVUPS 0(SI), Y0
	VDIVPS Y15, Y0, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  divvs1
divvsdone:
	VZEROUPPER
	RET

// func divSVf32AVX2(o *float32, a float32, b *float32, n int)
TEXT ·divSVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	VBROADCASTSS a+8(FP), Y15
	MOVQ b+16(FP), SI
	MOVQ n+24(FP), CX
	SHRQ $3, CX
divsv4:
	CMPQ CX, $4
	JL   divsv1
	VDIVPS 0(SI), Y15, Y0
	VDIVPS 32(SI), Y15, Y1
	VDIVPS 64(SI), Y15, Y2
	VDIVPS 96(SI), Y15, Y3
	VMOVUPS Y0, 0(DI)
	VMOVUPS Y1, 32(DI)
	VMOVUPS Y2, 64(DI)
	VMOVUPS Y3, 96(DI)
	ADDQ $128, SI
	ADDQ $128, DI
	SUBQ $4, CX
	JMP  divsv4
divsv1:
	TESTQ CX, CX
	JZ   divsvdone
	VDIVPS 0(SI), Y15, Y0
	VMOVUPS Y0, 0(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JMP  divsv1
divsvdone:
	VZEROUPPER
	RET


// func sqrtf32AVX2(o, a *float32, n int)
// o = sqrt(a), correctly rounded; n is a multiple of 8.
TEXT ·sqrtf32AVX2(SB), NOSPLIT, $0-24
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   sqrtdone
sqrtloop:
	VSQRTPS (SI), Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  sqrtloop
sqrtdone:
	VZEROUPPER
	RET

// func cvtf32f64AVX2(o *float64, a *float32, n int)
// o = float64(a); n is a multiple of 8.
TEXT ·cvtf32f64AVX2(SB), NOSPLIT, $0-24
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   cvtdone
cvtloop:
	VCVTPS2PD 0(SI), Y0
	VCVTPS2PD 16(SI), Y1
	VMOVUPD Y0, 0(DI)
	VMOVUPD Y1, 32(DI)
	ADDQ $32, SI
	ADDQ $64, DI
	DECQ CX
	JNZ  cvtloop
cvtdone:
	VZEROUPPER
	RET

// func maxf32AVX2(x *float32, n int) (m float32, nan bool)
// The maximum of x[0:n] (n a positive multiple of 32) as VMAXPS folds
// it in four vectors, and whether any element is NaN. Without NaNs the
// value is the exact maximum (the sign of a zero result is unspecified).
TEXT ·maxf32AVX2(SB), NOSPLIT, $0-21
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VCMPPS  $3, Y0, Y0, Y4
	VCMPPS  $3, Y1, Y1, Y5
	VCMPPS  $3, Y2, Y2, Y6
	VCMPPS  $3, Y3, Y3, Y7
	ADDQ $128, SI
	SUBQ $32, CX
maxrloop:
	TESTQ CX, CX
	JZ   maxrdone
	VMOVUPS 0(SI), Y8
	VMOVUPS 32(SI), Y9
	VMOVUPS 64(SI), Y10
	VMOVUPS 96(SI), Y11
	VCMPPS  $3, Y8, Y8, Y12
	VORPS   Y12, Y4, Y4
	VCMPPS  $3, Y9, Y9, Y12
	VORPS   Y12, Y5, Y5
	VCMPPS  $3, Y10, Y10, Y12
	VORPS   Y12, Y6, Y6
	VCMPPS  $3, Y11, Y11, Y12
	VORPS   Y12, Y7, Y7
	VMAXPS Y8, Y0, Y0
	VMAXPS Y9, Y1, Y1
	VMAXPS Y10, Y2, Y2
	VMAXPS Y11, Y3, Y3
	ADDQ $128, SI
	SUBQ $32, CX
	JMP  maxrloop
maxrdone:
	VMAXPS Y1, Y0, Y0
	VMAXPS Y3, Y2, Y2
	VMAXPS Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VMAXPS X1, X0, X0
	VPERMILPS $0x4e, X0, X1
	VMAXPS X1, X0, X0
	VPERMILPS $0xb1, X0, X1
	VMAXPS X1, X0, X0
	MOVSS X0, m+16(FP)
	VORPS   Y5, Y4, Y4
	VORPS   Y7, Y6, Y6
	VORPS   Y6, Y4, Y4
	VMOVMSKPS Y4, AX
	TESTL AX, AX
	SETNE nan+20(FP)
	VZEROUPPER
	RET

// func minf32AVX2(x *float32, n int) (m float32, nan bool)
// The minimum of x[0:n] (n a positive multiple of 32) as VMINPS folds
// it in four vectors, and whether any element is NaN. Without NaNs the
// value is the exact minimum (the sign of a zero result is unspecified).
TEXT ·minf32AVX2(SB), NOSPLIT, $0-21
	MOVQ x+0(FP), SI
	MOVQ n+8(FP), CX
	VMOVUPS 0(SI), Y0
	VMOVUPS 32(SI), Y1
	VMOVUPS 64(SI), Y2
	VMOVUPS 96(SI), Y3
	VCMPPS  $3, Y0, Y0, Y4
	VCMPPS  $3, Y1, Y1, Y5
	VCMPPS  $3, Y2, Y2, Y6
	VCMPPS  $3, Y3, Y3, Y7
	ADDQ $128, SI
	SUBQ $32, CX
minrloop:
	TESTQ CX, CX
	JZ   minrdone
	VMOVUPS 0(SI), Y8
	VMOVUPS 32(SI), Y9
	VMOVUPS 64(SI), Y10
	VMOVUPS 96(SI), Y11
	VCMPPS  $3, Y8, Y8, Y12
	VORPS   Y12, Y4, Y4
	VCMPPS  $3, Y9, Y9, Y12
	VORPS   Y12, Y5, Y5
	VCMPPS  $3, Y10, Y10, Y12
	VORPS   Y12, Y6, Y6
	VCMPPS  $3, Y11, Y11, Y12
	VORPS   Y12, Y7, Y7
	VMINPS Y8, Y0, Y0
	VMINPS Y9, Y1, Y1
	VMINPS Y10, Y2, Y2
	VMINPS Y11, Y3, Y3
	ADDQ $128, SI
	SUBQ $32, CX
	JMP  minrloop
minrdone:
	VMINPS Y1, Y0, Y0
	VMINPS Y3, Y2, Y2
	VMINPS Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VMINPS X1, X0, X0
	VPERMILPS $0x4e, X0, X1
	VMINPS X1, X0, X0
	VPERMILPS $0xb1, X0, X1
	VMINPS X1, X0, X0
	MOVSS X0, m+16(FP)
	VORPS   Y5, Y4, Y4
	VORPS   Y7, Y6, Y6
	VORPS   Y6, Y4, Y4
	VMOVMSKPS Y4, AX
	TESTL AX, AX
	SETNE nan+20(FP)
	VZEROUPPER
	RET

// func foldMaxf32AVX2(out, x *float32, n int)
// out[k] = x[k] where x[k] is NaN or x[k] > out[k] (foldElemMax), for k < n
// (a multiple of 8).
TEXT ·foldMaxf32AVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   foldmaxdone
foldmaxloop:
	VMOVUPS (DI), Y0
	VMOVUPS (SI), Y1
	VCMPPS  $0x1e, Y0, Y1, Y2
	VCMPPS  $3, Y1, Y1, Y3
	VORPS   Y3, Y2, Y2
	VBLENDVPS Y2, Y1, Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  foldmaxloop
foldmaxdone:
	VZEROUPPER
	RET

// func foldMinf32AVX2(out, x *float32, n int)
// out[k] = x[k] where x[k] is NaN or x[k] < out[k] (foldElemMin), for k < n
// (a multiple of 8).
TEXT ·foldMinf32AVX2(SB), NOSPLIT, $0-24
	MOVQ out+0(FP), DI
	MOVQ x+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   foldmindone
foldminloop:
	VMOVUPS (DI), Y0
	VMOVUPS (SI), Y1
	VCMPPS  $0x11, Y0, Y1, Y2
	VCMPPS  $3, Y1, Y1, Y3
	VORPS   Y3, Y2, Y2
	VBLENDVPS Y2, Y1, Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  foldminloop
foldmindone:
	VZEROUPPER
	RET

// func where32AVX2(o unsafe.Pointer, c *uint8, x, y unsafe.Pointer, n int)
// o[i] = c[i] != 0 ? x[i] : y[i] for 32-bit elements, n a multiple of 8.
TEXT ·where32AVX2(SB), NOSPLIT, $0-40
	MOVQ o+0(FP), DI
	MOVQ c+8(FP), BX
	MOVQ x+16(FP), SI
	MOVQ y+24(FP), DX
	MOVQ n+32(FP), CX
	SHRQ $3, CX
	JZ   wheredone
	VPXOR Y3, Y3, Y3
whereloop:
	VPMOVZXBD (BX), Y0
	VPCMPEQD  Y3, Y0, Y0
	VMOVUPS   (SI), Y1
	VBLENDVPS Y0, (DX), Y1, Y1
	VMOVUPS   Y1, (DI)
	ADDQ $8, BX
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $32, DI
	DECQ CX
	JNZ  whereloop
wheredone:
	VZEROUPPER
	RET

// Bytes of 0/1 for each 8-bit compare mask (bit k -> byte k).
DATA maskBytes<>+0(SB)/8, $0x0000000000000000
DATA maskBytes<>+8(SB)/8, $0x0000000000000001
DATA maskBytes<>+16(SB)/8, $0x0000000000000100
DATA maskBytes<>+24(SB)/8, $0x0000000000000101
DATA maskBytes<>+32(SB)/8, $0x0000000000010000
DATA maskBytes<>+40(SB)/8, $0x0000000000010001
DATA maskBytes<>+48(SB)/8, $0x0000000000010100
DATA maskBytes<>+56(SB)/8, $0x0000000000010101
DATA maskBytes<>+64(SB)/8, $0x0000000001000000
DATA maskBytes<>+72(SB)/8, $0x0000000001000001
DATA maskBytes<>+80(SB)/8, $0x0000000001000100
DATA maskBytes<>+88(SB)/8, $0x0000000001000101
DATA maskBytes<>+96(SB)/8, $0x0000000001010000
DATA maskBytes<>+104(SB)/8, $0x0000000001010001
DATA maskBytes<>+112(SB)/8, $0x0000000001010100
DATA maskBytes<>+120(SB)/8, $0x0000000001010101
DATA maskBytes<>+128(SB)/8, $0x0000000100000000
DATA maskBytes<>+136(SB)/8, $0x0000000100000001
DATA maskBytes<>+144(SB)/8, $0x0000000100000100
DATA maskBytes<>+152(SB)/8, $0x0000000100000101
DATA maskBytes<>+160(SB)/8, $0x0000000100010000
DATA maskBytes<>+168(SB)/8, $0x0000000100010001
DATA maskBytes<>+176(SB)/8, $0x0000000100010100
DATA maskBytes<>+184(SB)/8, $0x0000000100010101
DATA maskBytes<>+192(SB)/8, $0x0000000101000000
DATA maskBytes<>+200(SB)/8, $0x0000000101000001
DATA maskBytes<>+208(SB)/8, $0x0000000101000100
DATA maskBytes<>+216(SB)/8, $0x0000000101000101
DATA maskBytes<>+224(SB)/8, $0x0000000101010000
DATA maskBytes<>+232(SB)/8, $0x0000000101010001
DATA maskBytes<>+240(SB)/8, $0x0000000101010100
DATA maskBytes<>+248(SB)/8, $0x0000000101010101
DATA maskBytes<>+256(SB)/8, $0x0000010000000000
DATA maskBytes<>+264(SB)/8, $0x0000010000000001
DATA maskBytes<>+272(SB)/8, $0x0000010000000100
DATA maskBytes<>+280(SB)/8, $0x0000010000000101
DATA maskBytes<>+288(SB)/8, $0x0000010000010000
DATA maskBytes<>+296(SB)/8, $0x0000010000010001
DATA maskBytes<>+304(SB)/8, $0x0000010000010100
DATA maskBytes<>+312(SB)/8, $0x0000010000010101
DATA maskBytes<>+320(SB)/8, $0x0000010001000000
DATA maskBytes<>+328(SB)/8, $0x0000010001000001
DATA maskBytes<>+336(SB)/8, $0x0000010001000100
DATA maskBytes<>+344(SB)/8, $0x0000010001000101
DATA maskBytes<>+352(SB)/8, $0x0000010001010000
DATA maskBytes<>+360(SB)/8, $0x0000010001010001
DATA maskBytes<>+368(SB)/8, $0x0000010001010100
DATA maskBytes<>+376(SB)/8, $0x0000010001010101
DATA maskBytes<>+384(SB)/8, $0x0000010100000000
DATA maskBytes<>+392(SB)/8, $0x0000010100000001
DATA maskBytes<>+400(SB)/8, $0x0000010100000100
DATA maskBytes<>+408(SB)/8, $0x0000010100000101
DATA maskBytes<>+416(SB)/8, $0x0000010100010000
DATA maskBytes<>+424(SB)/8, $0x0000010100010001
DATA maskBytes<>+432(SB)/8, $0x0000010100010100
DATA maskBytes<>+440(SB)/8, $0x0000010100010101
DATA maskBytes<>+448(SB)/8, $0x0000010101000000
DATA maskBytes<>+456(SB)/8, $0x0000010101000001
DATA maskBytes<>+464(SB)/8, $0x0000010101000100
DATA maskBytes<>+472(SB)/8, $0x0000010101000101
DATA maskBytes<>+480(SB)/8, $0x0000010101010000
DATA maskBytes<>+488(SB)/8, $0x0000010101010001
DATA maskBytes<>+496(SB)/8, $0x0000010101010100
DATA maskBytes<>+504(SB)/8, $0x0000010101010101
DATA maskBytes<>+512(SB)/8, $0x0001000000000000
DATA maskBytes<>+520(SB)/8, $0x0001000000000001
DATA maskBytes<>+528(SB)/8, $0x0001000000000100
DATA maskBytes<>+536(SB)/8, $0x0001000000000101
DATA maskBytes<>+544(SB)/8, $0x0001000000010000
DATA maskBytes<>+552(SB)/8, $0x0001000000010001
DATA maskBytes<>+560(SB)/8, $0x0001000000010100
DATA maskBytes<>+568(SB)/8, $0x0001000000010101
DATA maskBytes<>+576(SB)/8, $0x0001000001000000
DATA maskBytes<>+584(SB)/8, $0x0001000001000001
DATA maskBytes<>+592(SB)/8, $0x0001000001000100
DATA maskBytes<>+600(SB)/8, $0x0001000001000101
DATA maskBytes<>+608(SB)/8, $0x0001000001010000
DATA maskBytes<>+616(SB)/8, $0x0001000001010001
DATA maskBytes<>+624(SB)/8, $0x0001000001010100
DATA maskBytes<>+632(SB)/8, $0x0001000001010101
DATA maskBytes<>+640(SB)/8, $0x0001000100000000
DATA maskBytes<>+648(SB)/8, $0x0001000100000001
DATA maskBytes<>+656(SB)/8, $0x0001000100000100
DATA maskBytes<>+664(SB)/8, $0x0001000100000101
DATA maskBytes<>+672(SB)/8, $0x0001000100010000
DATA maskBytes<>+680(SB)/8, $0x0001000100010001
DATA maskBytes<>+688(SB)/8, $0x0001000100010100
DATA maskBytes<>+696(SB)/8, $0x0001000100010101
DATA maskBytes<>+704(SB)/8, $0x0001000101000000
DATA maskBytes<>+712(SB)/8, $0x0001000101000001
DATA maskBytes<>+720(SB)/8, $0x0001000101000100
DATA maskBytes<>+728(SB)/8, $0x0001000101000101
DATA maskBytes<>+736(SB)/8, $0x0001000101010000
DATA maskBytes<>+744(SB)/8, $0x0001000101010001
DATA maskBytes<>+752(SB)/8, $0x0001000101010100
DATA maskBytes<>+760(SB)/8, $0x0001000101010101
DATA maskBytes<>+768(SB)/8, $0x0001010000000000
DATA maskBytes<>+776(SB)/8, $0x0001010000000001
DATA maskBytes<>+784(SB)/8, $0x0001010000000100
DATA maskBytes<>+792(SB)/8, $0x0001010000000101
DATA maskBytes<>+800(SB)/8, $0x0001010000010000
DATA maskBytes<>+808(SB)/8, $0x0001010000010001
DATA maskBytes<>+816(SB)/8, $0x0001010000010100
DATA maskBytes<>+824(SB)/8, $0x0001010000010101
DATA maskBytes<>+832(SB)/8, $0x0001010001000000
DATA maskBytes<>+840(SB)/8, $0x0001010001000001
DATA maskBytes<>+848(SB)/8, $0x0001010001000100
DATA maskBytes<>+856(SB)/8, $0x0001010001000101
DATA maskBytes<>+864(SB)/8, $0x0001010001010000
DATA maskBytes<>+872(SB)/8, $0x0001010001010001
DATA maskBytes<>+880(SB)/8, $0x0001010001010100
DATA maskBytes<>+888(SB)/8, $0x0001010001010101
DATA maskBytes<>+896(SB)/8, $0x0001010100000000
DATA maskBytes<>+904(SB)/8, $0x0001010100000001
DATA maskBytes<>+912(SB)/8, $0x0001010100000100
DATA maskBytes<>+920(SB)/8, $0x0001010100000101
DATA maskBytes<>+928(SB)/8, $0x0001010100010000
DATA maskBytes<>+936(SB)/8, $0x0001010100010001
DATA maskBytes<>+944(SB)/8, $0x0001010100010100
DATA maskBytes<>+952(SB)/8, $0x0001010100010101
DATA maskBytes<>+960(SB)/8, $0x0001010101000000
DATA maskBytes<>+968(SB)/8, $0x0001010101000001
DATA maskBytes<>+976(SB)/8, $0x0001010101000100
DATA maskBytes<>+984(SB)/8, $0x0001010101000101
DATA maskBytes<>+992(SB)/8, $0x0001010101010000
DATA maskBytes<>+1000(SB)/8, $0x0001010101010001
DATA maskBytes<>+1008(SB)/8, $0x0001010101010100
DATA maskBytes<>+1016(SB)/8, $0x0001010101010101
DATA maskBytes<>+1024(SB)/8, $0x0100000000000000
DATA maskBytes<>+1032(SB)/8, $0x0100000000000001
DATA maskBytes<>+1040(SB)/8, $0x0100000000000100
DATA maskBytes<>+1048(SB)/8, $0x0100000000000101
DATA maskBytes<>+1056(SB)/8, $0x0100000000010000
DATA maskBytes<>+1064(SB)/8, $0x0100000000010001
DATA maskBytes<>+1072(SB)/8, $0x0100000000010100
DATA maskBytes<>+1080(SB)/8, $0x0100000000010101
DATA maskBytes<>+1088(SB)/8, $0x0100000001000000
DATA maskBytes<>+1096(SB)/8, $0x0100000001000001
DATA maskBytes<>+1104(SB)/8, $0x0100000001000100
DATA maskBytes<>+1112(SB)/8, $0x0100000001000101
DATA maskBytes<>+1120(SB)/8, $0x0100000001010000
DATA maskBytes<>+1128(SB)/8, $0x0100000001010001
DATA maskBytes<>+1136(SB)/8, $0x0100000001010100
DATA maskBytes<>+1144(SB)/8, $0x0100000001010101
DATA maskBytes<>+1152(SB)/8, $0x0100000100000000
DATA maskBytes<>+1160(SB)/8, $0x0100000100000001
DATA maskBytes<>+1168(SB)/8, $0x0100000100000100
DATA maskBytes<>+1176(SB)/8, $0x0100000100000101
DATA maskBytes<>+1184(SB)/8, $0x0100000100010000
DATA maskBytes<>+1192(SB)/8, $0x0100000100010001
DATA maskBytes<>+1200(SB)/8, $0x0100000100010100
DATA maskBytes<>+1208(SB)/8, $0x0100000100010101
DATA maskBytes<>+1216(SB)/8, $0x0100000101000000
DATA maskBytes<>+1224(SB)/8, $0x0100000101000001
DATA maskBytes<>+1232(SB)/8, $0x0100000101000100
DATA maskBytes<>+1240(SB)/8, $0x0100000101000101
DATA maskBytes<>+1248(SB)/8, $0x0100000101010000
DATA maskBytes<>+1256(SB)/8, $0x0100000101010001
DATA maskBytes<>+1264(SB)/8, $0x0100000101010100
DATA maskBytes<>+1272(SB)/8, $0x0100000101010101
DATA maskBytes<>+1280(SB)/8, $0x0100010000000000
DATA maskBytes<>+1288(SB)/8, $0x0100010000000001
DATA maskBytes<>+1296(SB)/8, $0x0100010000000100
DATA maskBytes<>+1304(SB)/8, $0x0100010000000101
DATA maskBytes<>+1312(SB)/8, $0x0100010000010000
DATA maskBytes<>+1320(SB)/8, $0x0100010000010001
DATA maskBytes<>+1328(SB)/8, $0x0100010000010100
DATA maskBytes<>+1336(SB)/8, $0x0100010000010101
DATA maskBytes<>+1344(SB)/8, $0x0100010001000000
DATA maskBytes<>+1352(SB)/8, $0x0100010001000001
DATA maskBytes<>+1360(SB)/8, $0x0100010001000100
DATA maskBytes<>+1368(SB)/8, $0x0100010001000101
DATA maskBytes<>+1376(SB)/8, $0x0100010001010000
DATA maskBytes<>+1384(SB)/8, $0x0100010001010001
DATA maskBytes<>+1392(SB)/8, $0x0100010001010100
DATA maskBytes<>+1400(SB)/8, $0x0100010001010101
DATA maskBytes<>+1408(SB)/8, $0x0100010100000000
DATA maskBytes<>+1416(SB)/8, $0x0100010100000001
DATA maskBytes<>+1424(SB)/8, $0x0100010100000100
DATA maskBytes<>+1432(SB)/8, $0x0100010100000101
DATA maskBytes<>+1440(SB)/8, $0x0100010100010000
DATA maskBytes<>+1448(SB)/8, $0x0100010100010001
DATA maskBytes<>+1456(SB)/8, $0x0100010100010100
DATA maskBytes<>+1464(SB)/8, $0x0100010100010101
DATA maskBytes<>+1472(SB)/8, $0x0100010101000000
DATA maskBytes<>+1480(SB)/8, $0x0100010101000001
DATA maskBytes<>+1488(SB)/8, $0x0100010101000100
DATA maskBytes<>+1496(SB)/8, $0x0100010101000101
DATA maskBytes<>+1504(SB)/8, $0x0100010101010000
DATA maskBytes<>+1512(SB)/8, $0x0100010101010001
DATA maskBytes<>+1520(SB)/8, $0x0100010101010100
DATA maskBytes<>+1528(SB)/8, $0x0100010101010101
DATA maskBytes<>+1536(SB)/8, $0x0101000000000000
DATA maskBytes<>+1544(SB)/8, $0x0101000000000001
DATA maskBytes<>+1552(SB)/8, $0x0101000000000100
DATA maskBytes<>+1560(SB)/8, $0x0101000000000101
DATA maskBytes<>+1568(SB)/8, $0x0101000000010000
DATA maskBytes<>+1576(SB)/8, $0x0101000000010001
DATA maskBytes<>+1584(SB)/8, $0x0101000000010100
DATA maskBytes<>+1592(SB)/8, $0x0101000000010101
DATA maskBytes<>+1600(SB)/8, $0x0101000001000000
DATA maskBytes<>+1608(SB)/8, $0x0101000001000001
DATA maskBytes<>+1616(SB)/8, $0x0101000001000100
DATA maskBytes<>+1624(SB)/8, $0x0101000001000101
DATA maskBytes<>+1632(SB)/8, $0x0101000001010000
DATA maskBytes<>+1640(SB)/8, $0x0101000001010001
DATA maskBytes<>+1648(SB)/8, $0x0101000001010100
DATA maskBytes<>+1656(SB)/8, $0x0101000001010101
DATA maskBytes<>+1664(SB)/8, $0x0101000100000000
DATA maskBytes<>+1672(SB)/8, $0x0101000100000001
DATA maskBytes<>+1680(SB)/8, $0x0101000100000100
DATA maskBytes<>+1688(SB)/8, $0x0101000100000101
DATA maskBytes<>+1696(SB)/8, $0x0101000100010000
DATA maskBytes<>+1704(SB)/8, $0x0101000100010001
DATA maskBytes<>+1712(SB)/8, $0x0101000100010100
DATA maskBytes<>+1720(SB)/8, $0x0101000100010101
DATA maskBytes<>+1728(SB)/8, $0x0101000101000000
DATA maskBytes<>+1736(SB)/8, $0x0101000101000001
DATA maskBytes<>+1744(SB)/8, $0x0101000101000100
DATA maskBytes<>+1752(SB)/8, $0x0101000101000101
DATA maskBytes<>+1760(SB)/8, $0x0101000101010000
DATA maskBytes<>+1768(SB)/8, $0x0101000101010001
DATA maskBytes<>+1776(SB)/8, $0x0101000101010100
DATA maskBytes<>+1784(SB)/8, $0x0101000101010101
DATA maskBytes<>+1792(SB)/8, $0x0101010000000000
DATA maskBytes<>+1800(SB)/8, $0x0101010000000001
DATA maskBytes<>+1808(SB)/8, $0x0101010000000100
DATA maskBytes<>+1816(SB)/8, $0x0101010000000101
DATA maskBytes<>+1824(SB)/8, $0x0101010000010000
DATA maskBytes<>+1832(SB)/8, $0x0101010000010001
DATA maskBytes<>+1840(SB)/8, $0x0101010000010100
DATA maskBytes<>+1848(SB)/8, $0x0101010000010101
DATA maskBytes<>+1856(SB)/8, $0x0101010001000000
DATA maskBytes<>+1864(SB)/8, $0x0101010001000001
DATA maskBytes<>+1872(SB)/8, $0x0101010001000100
DATA maskBytes<>+1880(SB)/8, $0x0101010001000101
DATA maskBytes<>+1888(SB)/8, $0x0101010001010000
DATA maskBytes<>+1896(SB)/8, $0x0101010001010001
DATA maskBytes<>+1904(SB)/8, $0x0101010001010100
DATA maskBytes<>+1912(SB)/8, $0x0101010001010101
DATA maskBytes<>+1920(SB)/8, $0x0101010100000000
DATA maskBytes<>+1928(SB)/8, $0x0101010100000001
DATA maskBytes<>+1936(SB)/8, $0x0101010100000100
DATA maskBytes<>+1944(SB)/8, $0x0101010100000101
DATA maskBytes<>+1952(SB)/8, $0x0101010100010000
DATA maskBytes<>+1960(SB)/8, $0x0101010100010001
DATA maskBytes<>+1968(SB)/8, $0x0101010100010100
DATA maskBytes<>+1976(SB)/8, $0x0101010100010101
DATA maskBytes<>+1984(SB)/8, $0x0101010101000000
DATA maskBytes<>+1992(SB)/8, $0x0101010101000001
DATA maskBytes<>+2000(SB)/8, $0x0101010101000100
DATA maskBytes<>+2008(SB)/8, $0x0101010101000101
DATA maskBytes<>+2016(SB)/8, $0x0101010101010000
DATA maskBytes<>+2024(SB)/8, $0x0101010101010001
DATA maskBytes<>+2032(SB)/8, $0x0101010101010100
DATA maskBytes<>+2040(SB)/8, $0x0101010101010101
GLOBL maskBytes<>(SB), RODATA|NOPTR, $2048

// Comparisons of float32 rows into bools (o[i] = a[i] OP b[i] or a[i] OP b,
// each VCMPPS predicate the IEEE comparison Go's operator makes); n is a
// multiple of 8.

// func cmpEqVVf32AVX2(o *bool, a, b *float32, n int)
TEXT ·cmpEqVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpEqvvdone
	LEAQ maskBytes<>(SB), R8
cmpEqvvloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x0, (DX), Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpEqvvloop
cmpEqvvdone:
	VZEROUPPER
	RET

// func cmpEqVSf32AVX2(o *bool, a *float32, b float32, n int)
TEXT ·cmpEqVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	VBROADCASTSS b+16(FP), Y15
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpEqvsdone
	LEAQ maskBytes<>(SB), R8
cmpEqvsloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x0, Y15, Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpEqvsloop
cmpEqvsdone:
	VZEROUPPER
	RET


// func cmpNeVVf32AVX2(o *bool, a, b *float32, n int)
TEXT ·cmpNeVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpNevvdone
	LEAQ maskBytes<>(SB), R8
cmpNevvloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x4, (DX), Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpNevvloop
cmpNevvdone:
	VZEROUPPER
	RET

// func cmpNeVSf32AVX2(o *bool, a *float32, b float32, n int)
TEXT ·cmpNeVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	VBROADCASTSS b+16(FP), Y15
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpNevsdone
	LEAQ maskBytes<>(SB), R8
cmpNevsloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x4, Y15, Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpNevsloop
cmpNevsdone:
	VZEROUPPER
	RET


// func cmpLtVVf32AVX2(o *bool, a, b *float32, n int)
TEXT ·cmpLtVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpLtvvdone
	LEAQ maskBytes<>(SB), R8
cmpLtvvloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x11, (DX), Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpLtvvloop
cmpLtvvdone:
	VZEROUPPER
	RET

// func cmpLtVSf32AVX2(o *bool, a *float32, b float32, n int)
TEXT ·cmpLtVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	VBROADCASTSS b+16(FP), Y15
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpLtvsdone
	LEAQ maskBytes<>(SB), R8
cmpLtvsloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x11, Y15, Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpLtvsloop
cmpLtvsdone:
	VZEROUPPER
	RET


// func cmpLeVVf32AVX2(o *bool, a, b *float32, n int)
TEXT ·cmpLeVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpLevvdone
	LEAQ maskBytes<>(SB), R8
cmpLevvloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x12, (DX), Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpLevvloop
cmpLevvdone:
	VZEROUPPER
	RET

// func cmpLeVSf32AVX2(o *bool, a *float32, b float32, n int)
TEXT ·cmpLeVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	VBROADCASTSS b+16(FP), Y15
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpLevsdone
	LEAQ maskBytes<>(SB), R8
cmpLevsloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x12, Y15, Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpLevsloop
cmpLevsdone:
	VZEROUPPER
	RET


// func cmpGtVVf32AVX2(o *bool, a, b *float32, n int)
TEXT ·cmpGtVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpGtvvdone
	LEAQ maskBytes<>(SB), R8
cmpGtvvloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x1e, (DX), Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpGtvvloop
cmpGtvvdone:
	VZEROUPPER
	RET

// func cmpGtVSf32AVX2(o *bool, a *float32, b float32, n int)
TEXT ·cmpGtVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	VBROADCASTSS b+16(FP), Y15
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpGtvsdone
	LEAQ maskBytes<>(SB), R8
cmpGtvsloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x1e, Y15, Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpGtvsloop
cmpGtvsdone:
	VZEROUPPER
	RET


// func cmpGeVVf32AVX2(o *bool, a, b *float32, n int)
TEXT ·cmpGeVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpGevvdone
	LEAQ maskBytes<>(SB), R8
cmpGevvloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x1d, (DX), Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $32, DX
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpGevvloop
cmpGevvdone:
	VZEROUPPER
	RET

// func cmpGeVSf32AVX2(o *bool, a *float32, b float32, n int)
TEXT ·cmpGeVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	VBROADCASTSS b+16(FP), Y15
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   cmpGevsdone
	LEAQ maskBytes<>(SB), R8
cmpGevsloop:
	VMOVUPS (SI), Y0
	VCMPPS  $0x1d, Y15, Y0, Y0
	VMOVMSKPS Y0, AX
	MOVQ (R8)(AX*8), BX
	MOVQ BX, (DI)
	ADDQ $32, SI
	ADDQ $8, DI
	DECQ CX
	JNZ  cmpGevsloop
cmpGevsdone:
	VZEROUPPER
	RET

// Constants of SLEEF's logf_u1 and tanhf (kernel_sleef_log.go).
DATA f32FourThirds<>+0(SB)/4, $0x3faaaaab
DATA f32FourThirds<>+4(SB)/4, $0x3faaaaab
DATA f32FourThirds<>+8(SB)/4, $0x3faaaaab
DATA f32FourThirds<>+12(SB)/4, $0x3faaaaab
DATA f32FourThirds<>+16(SB)/4, $0x3faaaaab
DATA f32FourThirds<>+20(SB)/4, $0x3faaaaab
DATA f32FourThirds<>+24(SB)/4, $0x3faaaaab
DATA f32FourThirds<>+28(SB)/4, $0x3faaaaab
GLOBL f32FourThirds<>(SB), RODATA|NOPTR, $32

DATA f32Two64<>+0(SB)/4, $0x5f800000
DATA f32Two64<>+4(SB)/4, $0x5f800000
DATA f32Two64<>+8(SB)/4, $0x5f800000
DATA f32Two64<>+12(SB)/4, $0x5f800000
DATA f32Two64<>+16(SB)/4, $0x5f800000
DATA f32Two64<>+20(SB)/4, $0x5f800000
DATA f32Two64<>+24(SB)/4, $0x5f800000
DATA f32Two64<>+28(SB)/4, $0x5f800000
GLOBL f32Two64<>(SB), RODATA|NOPTR, $32

DATA f32LogLn2Hi<>+0(SB)/4, $0x3f317218
DATA f32LogLn2Hi<>+4(SB)/4, $0x3f317218
DATA f32LogLn2Hi<>+8(SB)/4, $0x3f317218
DATA f32LogLn2Hi<>+12(SB)/4, $0x3f317218
DATA f32LogLn2Hi<>+16(SB)/4, $0x3f317218
DATA f32LogLn2Hi<>+20(SB)/4, $0x3f317218
DATA f32LogLn2Hi<>+24(SB)/4, $0x3f317218
DATA f32LogLn2Hi<>+28(SB)/4, $0x3f317218
GLOBL f32LogLn2Hi<>(SB), RODATA|NOPTR, $32

DATA f32LogLn2Lo<>+0(SB)/4, $0xb102e308
DATA f32LogLn2Lo<>+4(SB)/4, $0xb102e308
DATA f32LogLn2Lo<>+8(SB)/4, $0xb102e308
DATA f32LogLn2Lo<>+12(SB)/4, $0xb102e308
DATA f32LogLn2Lo<>+16(SB)/4, $0xb102e308
DATA f32LogLn2Lo<>+20(SB)/4, $0xb102e308
DATA f32LogLn2Lo<>+24(SB)/4, $0xb102e308
DATA f32LogLn2Lo<>+28(SB)/4, $0xb102e308
GLOBL f32LogLn2Lo<>(SB), RODATA|NOPTR, $32

DATA f32LogC0<>+0(SB)/4, $0x3e9aff5c
DATA f32LogC0<>+4(SB)/4, $0x3e9aff5c
DATA f32LogC0<>+8(SB)/4, $0x3e9aff5c
DATA f32LogC0<>+12(SB)/4, $0x3e9aff5c
DATA f32LogC0<>+16(SB)/4, $0x3e9aff5c
DATA f32LogC0<>+20(SB)/4, $0x3e9aff5c
DATA f32LogC0<>+24(SB)/4, $0x3e9aff5c
DATA f32LogC0<>+28(SB)/4, $0x3e9aff5c
GLOBL f32LogC0<>(SB), RODATA|NOPTR, $32

DATA f32LogC1<>+0(SB)/4, $0x3ecc99ca
DATA f32LogC1<>+4(SB)/4, $0x3ecc99ca
DATA f32LogC1<>+8(SB)/4, $0x3ecc99ca
DATA f32LogC1<>+12(SB)/4, $0x3ecc99ca
DATA f32LogC1<>+16(SB)/4, $0x3ecc99ca
DATA f32LogC1<>+20(SB)/4, $0x3ecc99ca
DATA f32LogC1<>+24(SB)/4, $0x3ecc99ca
DATA f32LogC1<>+28(SB)/4, $0x3ecc99ca
GLOBL f32LogC1<>(SB), RODATA|NOPTR, $32

DATA f32LogC2<>+0(SB)/4, $0x3f2aaada
DATA f32LogC2<>+4(SB)/4, $0x3f2aaada
DATA f32LogC2<>+8(SB)/4, $0x3f2aaada
DATA f32LogC2<>+12(SB)/4, $0x3f2aaada
DATA f32LogC2<>+16(SB)/4, $0x3f2aaada
DATA f32LogC2<>+20(SB)/4, $0x3f2aaada
DATA f32LogC2<>+24(SB)/4, $0x3f2aaada
DATA f32LogC2<>+28(SB)/4, $0x3f2aaada
GLOBL f32LogC2<>(SB), RODATA|NOPTR, $32

DATA f32NegOne<>+0(SB)/4, $0xbf800000
DATA f32NegOne<>+4(SB)/4, $0xbf800000
DATA f32NegOne<>+8(SB)/4, $0xbf800000
DATA f32NegOne<>+12(SB)/4, $0xbf800000
DATA f32NegOne<>+16(SB)/4, $0xbf800000
DATA f32NegOne<>+20(SB)/4, $0xbf800000
DATA f32NegOne<>+24(SB)/4, $0xbf800000
DATA f32NegOne<>+28(SB)/4, $0xbf800000
GLOBL f32NegOne<>(SB), RODATA|NOPTR, $32

DATA f32NegInf<>+0(SB)/4, $0xff800000
DATA f32NegInf<>+4(SB)/4, $0xff800000
DATA f32NegInf<>+8(SB)/4, $0xff800000
DATA f32NegInf<>+12(SB)/4, $0xff800000
DATA f32NegInf<>+16(SB)/4, $0xff800000
DATA f32NegInf<>+20(SB)/4, $0xff800000
DATA f32NegInf<>+24(SB)/4, $0xff800000
DATA f32NegInf<>+28(SB)/4, $0xff800000
GLOBL f32NegInf<>(SB), RODATA|NOPTR, $32

DATA f32TanhE0<>+0(SB)/4, $0x394fb7ff
DATA f32TanhE0<>+4(SB)/4, $0x394fb7ff
DATA f32TanhE0<>+8(SB)/4, $0x394fb7ff
DATA f32TanhE0<>+12(SB)/4, $0x394fb7ff
DATA f32TanhE0<>+16(SB)/4, $0x394fb7ff
DATA f32TanhE0<>+20(SB)/4, $0x394fb7ff
DATA f32TanhE0<>+24(SB)/4, $0x394fb7ff
DATA f32TanhE0<>+28(SB)/4, $0x394fb7ff
GLOBL f32TanhE0<>(SB), RODATA|NOPTR, $32

DATA f32TanhE1<>+0(SB)/4, $0x3ab6bf7c
DATA f32TanhE1<>+4(SB)/4, $0x3ab6bf7c
DATA f32TanhE1<>+8(SB)/4, $0x3ab6bf7c
DATA f32TanhE1<>+12(SB)/4, $0x3ab6bf7c
DATA f32TanhE1<>+16(SB)/4, $0x3ab6bf7c
DATA f32TanhE1<>+20(SB)/4, $0x3ab6bf7c
DATA f32TanhE1<>+24(SB)/4, $0x3ab6bf7c
DATA f32TanhE1<>+28(SB)/4, $0x3ab6bf7c
GLOBL f32TanhE1<>(SB), RODATA|NOPTR, $32

DATA f32TanhE2<>+0(SB)/4, $0x3c08890d
DATA f32TanhE2<>+4(SB)/4, $0x3c08890d
DATA f32TanhE2<>+8(SB)/4, $0x3c08890d
DATA f32TanhE2<>+12(SB)/4, $0x3c08890d
DATA f32TanhE2<>+16(SB)/4, $0x3c08890d
DATA f32TanhE2<>+20(SB)/4, $0x3c08890d
DATA f32TanhE2<>+24(SB)/4, $0x3c08890d
DATA f32TanhE2<>+28(SB)/4, $0x3c08890d
GLOBL f32TanhE2<>(SB), RODATA|NOPTR, $32

DATA f32TanhE3<>+0(SB)/4, $0x3d2aaa5c
DATA f32TanhE3<>+4(SB)/4, $0x3d2aaa5c
DATA f32TanhE3<>+8(SB)/4, $0x3d2aaa5c
DATA f32TanhE3<>+12(SB)/4, $0x3d2aaa5c
DATA f32TanhE3<>+16(SB)/4, $0x3d2aaa5c
DATA f32TanhE3<>+20(SB)/4, $0x3d2aaa5c
DATA f32TanhE3<>+24(SB)/4, $0x3d2aaa5c
DATA f32TanhE3<>+28(SB)/4, $0x3d2aaa5c
GLOBL f32TanhE3<>(SB), RODATA|NOPTR, $32

DATA f32TanhE4<>+0(SB)/4, $0x3e2aaaaa
DATA f32TanhE4<>+4(SB)/4, $0x3e2aaaaa
DATA f32TanhE4<>+8(SB)/4, $0x3e2aaaaa
DATA f32TanhE4<>+12(SB)/4, $0x3e2aaaaa
DATA f32TanhE4<>+16(SB)/4, $0x3e2aaaaa
DATA f32TanhE4<>+20(SB)/4, $0x3e2aaaaa
DATA f32TanhE4<>+24(SB)/4, $0x3e2aaaaa
DATA f32TanhE4<>+28(SB)/4, $0x3e2aaaaa
GLOBL f32TanhE4<>(SB), RODATA|NOPTR, $32

DATA f32TanhMax<>+0(SB)/4, $0x410aa123
DATA f32TanhMax<>+4(SB)/4, $0x410aa123
DATA f32TanhMax<>+8(SB)/4, $0x410aa123
DATA f32TanhMax<>+12(SB)/4, $0x410aa123
DATA f32TanhMax<>+16(SB)/4, $0x410aa123
DATA f32TanhMax<>+20(SB)/4, $0x410aa123
DATA f32TanhMax<>+24(SB)/4, $0x410aa123
DATA f32TanhMax<>+28(SB)/4, $0x410aa123
GLOBL f32TanhMax<>(SB), RODATA|NOPTR, $32

DATA i32FF<>+0(SB)/4, $0x000000ff
DATA i32FF<>+4(SB)/4, $0x000000ff
DATA i32FF<>+8(SB)/4, $0x000000ff
DATA i32FF<>+12(SB)/4, $0x000000ff
DATA i32FF<>+16(SB)/4, $0x000000ff
DATA i32FF<>+20(SB)/4, $0x000000ff
DATA i32FF<>+24(SB)/4, $0x000000ff
DATA i32FF<>+28(SB)/4, $0x000000ff
GLOBL i32FF<>(SB), RODATA|NOPTR, $32

DATA i32Sixty4<>+0(SB)/4, $0x00000040
DATA i32Sixty4<>+4(SB)/4, $0x00000040
DATA i32Sixty4<>+8(SB)/4, $0x00000040
DATA i32Sixty4<>+12(SB)/4, $0x00000040
DATA i32Sixty4<>+16(SB)/4, $0x00000040
DATA i32Sixty4<>+20(SB)/4, $0x00000040
DATA i32Sixty4<>+24(SB)/4, $0x00000040
DATA i32Sixty4<>+28(SB)/4, $0x00000040
GLOBL i32Sixty4<>(SB), RODATA|NOPTR, $32

DATA i32AbsMask<>+0(SB)/4, $0x7fffffff
DATA i32AbsMask<>+4(SB)/4, $0x7fffffff
DATA i32AbsMask<>+8(SB)/4, $0x7fffffff
DATA i32AbsMask<>+12(SB)/4, $0x7fffffff
DATA i32AbsMask<>+16(SB)/4, $0x7fffffff
DATA i32AbsMask<>+20(SB)/4, $0x7fffffff
DATA i32AbsMask<>+24(SB)/4, $0x7fffffff
DATA i32AbsMask<>+28(SB)/4, $0x7fffffff
GLOBL i32AbsMask<>(SB), RODATA|NOPTR, $32

DATA f32QNaN<>+0(SB)/4, $0x7fc00000
DATA f32QNaN<>+4(SB)/4, $0x7fc00000
DATA f32QNaN<>+8(SB)/4, $0x7fc00000
DATA f32QNaN<>+12(SB)/4, $0x7fc00000
DATA f32QNaN<>+16(SB)/4, $0x7fc00000
DATA f32QNaN<>+20(SB)/4, $0x7fc00000
DATA f32QNaN<>+24(SB)/4, $0x7fc00000
DATA f32QNaN<>+28(SB)/4, $0x7fc00000
GLOBL f32QNaN<>(SB), RODATA|NOPTR, $32


// func logf32AVX2(dst, src *float32, n int)
// dst = sleefLogf(src) (SLEEF's logf_u1) for n (a multiple of 8) elements.
TEXT ·logf32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   logdone
	VPXOR Y15, Y15, Y15
logloop:
	VMOVUPS (SI), Y0
	// Scale subnormals: d = d < FLT_MIN ? d*2^64 : d.
	VCMPPS    $1, f32MinNorm<>(SB), Y0, Y1
	VMULPS    f32Two64<>(SB), Y0, Y2
	VBLENDVPS Y1, Y2, Y0, Y0
	// e = ilogb2k(d*(4/3)); m = d * 2^-e; e -= 64 where scaled.
	VMULPS    f32FourThirds<>(SB), Y0, Y2
	VPSRLD    $23, Y2, Y2
	VPAND     i32FF<>(SB), Y2, Y2
	VPSUBD    i32Bias<>(SB), Y2, Y2
	VPSLLD    $23, Y2, Y3
	VPSUBD    Y3, Y0, Y3
	VPSUBD    i32Sixty4<>(SB), Y2, Y4
	VBLENDVPS Y1, Y4, Y2, Y2
	VCVTDQ2PS Y2, Y2
	// s = (ln2hi, ln2lo) * e as a double-float (Y4, Y5).
	VMULPS      f32LogLn2Hi<>(SB), Y2, Y4
	VMOVUPS     f32LogLn2Hi<>(SB), Y5
	VFMSUB213PS Y4, Y2, Y5
	VFMADD231PS f32LogLn2Lo<>(SB), Y2, Y5
	// n = -1 + m exactly (Y6, Y7).
	VADDPS  f32NegOne<>(SB), Y3, Y6
	VSUBPS  f32NegOne<>(SB), Y6, Y7
	VSUBPS  Y7, Y6, Y8
	VMOVUPS f32NegOne<>(SB), Y9
	VSUBPS  Y8, Y9, Y8
	VSUBPS  Y7, Y3, Y7
	VADDPS  Y7, Y8, Y7
	// d = 1 + m exactly (Y8, Y9).
	VADDPS  f32One<>(SB), Y3, Y8
	VSUBPS  f32One<>(SB), Y8, Y9
	VSUBPS  Y9, Y8, Y10
	VMOVUPS f32One<>(SB), Y11
	VSUBPS  Y10, Y11, Y10
	VSUBPS  Y9, Y3, Y9
	VADDPS  Y9, Y10, Y9
	// x = n / d as a double-float (Y11, Y13).
	VMOVUPS      f32One<>(SB), Y10
	VDIVPS       Y8, Y10, Y10
	VMULPS       Y10, Y6, Y11
	VMOVAPS      Y10, Y12
	VFMSUB213PS  Y11, Y6, Y12
	VMOVAPS      Y8, Y13
	VFNMADD213PS f32One<>(SB), Y10, Y13
	VFNMADD231PS Y10, Y9, Y13
	VFMADD231PS  Y10, Y7, Y12
	VFMADD213PS  Y12, Y11, Y13
	// x2 = xx*xx; t = polynomial in x2.
	VMULPS      Y11, Y11, Y6
	VMOVUPS     f32LogC0<>(SB), Y7
	VFMADD213PS f32LogC1<>(SB), Y6, Y7
	VFMADD213PS f32LogC2<>(SB), Y6, Y7
	// s += 2x (double-float add).
	VADDPS Y11, Y11, Y8
	VADDPS Y13, Y13, Y9
	VADDPS Y8, Y4, Y10
	VSUBPS Y10, Y4, Y12
	VADDPS Y8, Y12, Y12
	VADDPS Y5, Y12, Y12
	VADDPS Y9, Y12, Y12
	// s += x2*xx*t; r = sx + sy.
	VMULPS Y11, Y6, Y8
	VMULPS Y7, Y8, Y8
	VADDPS Y8, Y10, Y4
	VSUBPS Y4, Y10, Y5
	VADDPS Y8, Y5, Y5
	VADDPS Y12, Y5, Y5
	VADDPS Y5, Y4, Y4
	// +inf -> +inf; d < 0 or NaN -> NaN; d == 0 -> -inf.
	VCMPPS    $0, f32Inf<>(SB), Y0, Y5
	VBLENDVPS Y5, f32Inf<>(SB), Y4, Y4
	VCMPPS    $1, Y15, Y0, Y5
	VCMPPS    $3, Y0, Y0, Y6
	VORPS     Y6, Y5, Y5
	VBLENDVPS Y5, f32QNaN<>(SB), Y4, Y4
	VCMPPS    $0, Y15, Y0, Y5
	VBLENDVPS Y5, f32NegInf<>(SB), Y4, Y4
	VMOVUPS Y4, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  logloop
logdone:
	VZEROUPPER
	RET

// func tanhf32AVX2(dst, src *float32, n int)
// dst = sleefTanhf(src) (SLEEF's tanhf) for n (a multiple of 8) elements.
TEXT ·tanhf32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   tanhdone
	VPXOR Y15, Y15, Y15
tanhloop:
	VMOVUPS (SI), Y0
	VANDPS  i32AbsMask<>(SB), Y0, Y1
	// expk2f((y, 0)): q = rint(y*R_LN2f).
	VMULPS    f32Rln2<>(SB), Y1, Y2
	VCVTPS2DQ Y2, Y14
	VCVTDQ2PS Y14, Y13
	// s = (y, 0) + q*(-L2U) exactly (Y3, Y4).
	VMULPS f32NegL2U<>(SB), Y13, Y2
	VADDPS Y2, Y1, Y3
	VSUBPS Y1, Y3, Y4
	VSUBPS Y4, Y3, Y5
	VSUBPS Y5, Y1, Y5
	VSUBPS Y4, Y2, Y4
	VADDPS Y4, Y5, Y5
	VADDPS Y15, Y5, Y4
	// s += q*(-L2L) exactly (Y5, Y6).
	VMULPS f32NegL2L<>(SB), Y13, Y2
	VADDPS Y2, Y3, Y5
	VSUBPS Y3, Y5, Y6
	VSUBPS Y6, Y5, Y7
	VSUBPS Y7, Y3, Y7
	VSUBPS Y6, Y2, Y6
	VADDPS Y6, Y7, Y7
	VADDPS Y4, Y7, Y6
	// u = polynomial in sx.
	VMOVUPS     f32TanhE0<>(SB), Y2
	VFMADD213PS f32TanhE1<>(SB), Y5, Y2
	VFMADD213PS f32TanhE2<>(SB), Y5, Y2
	VFMADD213PS f32TanhE3<>(SB), Y5, Y2
	// t = s*u + E4 (Y7, Y8).
	VMULPS      Y2, Y5, Y3
	VMOVAPS     Y5, Y4
	VFMSUB213PS Y3, Y2, Y4
	VFMADD231PS Y2, Y6, Y4
	VADDPS      f32TanhE4<>(SB), Y3, Y7
	VSUBPS      Y3, Y7, Y2
	VSUBPS      Y2, Y7, Y8
	VSUBPS      Y8, Y3, Y8
	VMOVUPS     f32TanhE4<>(SB), Y3
	VSUBPS      Y2, Y3, Y3
	VADDPS      Y3, Y8, Y8
	VADDPS      Y4, Y8, Y8
	// t = s*t + 0.5 (Y7, Y8).
	VMULPS      Y7, Y5, Y2
	VMOVAPS     Y5, Y3
	VFMSUB213PS Y2, Y7, Y3
	VFMADD231PS Y7, Y6, Y3
	VFMADD231PS Y8, Y5, Y3
	VADDPS      f32Half<>(SB), Y2, Y7
	VSUBPS      Y2, Y7, Y4
	VSUBPS      Y4, Y7, Y8
	VSUBPS      Y8, Y2, Y8
	VMOVUPS     f32Half<>(SB), Y2
	VSUBPS      Y4, Y2, Y2
	VADDPS      Y2, Y8, Y8
	VADDPS      Y3, Y8, Y8
	// t = s + s^2*t (Y7, Y8).
	VMULPS      Y5, Y5, Y2
	VMOVAPS     Y5, Y3
	VFMSUB213PS Y2, Y5, Y3
	VADDPS      Y5, Y5, Y4
	VFMADD231PS Y6, Y4, Y3
	VMULPS      Y7, Y2, Y4
	VMOVAPS     Y2, Y9
	VFMSUB213PS Y4, Y7, Y9
	VFMADD231PS Y7, Y3, Y9
	VFMADD231PS Y8, Y2, Y9
	VADDPS      Y4, Y5, Y7
	VSUBPS      Y5, Y7, Y2
	VSUBPS      Y2, Y7, Y3
	VSUBPS      Y3, Y5, Y3
	VSUBPS      Y2, Y4, Y2
	VADDPS      Y2, Y3, Y3
	VADDPS      Y9, Y6, Y2
	VADDPS      Y2, Y3, Y8
	// t = 1 + t (Y2, Y3).
	VADDPS  f32One<>(SB), Y7, Y2
	VMOVUPS f32One<>(SB), Y3
	VSUBPS  Y2, Y3, Y3
	VADDPS  Y7, Y3, Y3
	VADDPS  Y8, Y3, Y3
	// d = t * 2^q, both halves (Y2, Y3).
	VPSRAD $1, Y14, Y4
	VPSUBD Y4, Y14, Y5
	VPADDD i32Bias<>(SB), Y4, Y4
	VPSLLD $23, Y4, Y4
	VPADDD i32Bias<>(SB), Y5, Y5
	VPSLLD $23, Y5, Y5
	VMULPS Y4, Y2, Y2
	VMULPS Y5, Y2, Y2
	VMULPS Y4, Y3, Y3
	VMULPS Y5, Y3, Y3
	// e = 1/d (Y4, Y5).
	VMOVUPS      f32One<>(SB), Y4
	VDIVPS       Y2, Y4, Y4
	VMOVAPS      Y2, Y5
	VFNMADD213PS f32One<>(SB), Y4, Y5
	VFNMADD231PS Y4, Y3, Y5
	VMULPS       Y5, Y4, Y5
	// num = d - e (Y6, Y7), den = d + e (Y8, Y9).
	VSUBPS Y4, Y2, Y6
	VSUBPS Y6, Y2, Y7
	VSUBPS Y4, Y7, Y7
	VADDPS Y3, Y7, Y7
	VSUBPS Y5, Y7, Y7
	VADDPS Y4, Y2, Y8
	VSUBPS Y8, Y2, Y9
	VADDPS Y4, Y9, Y9
	VADDPS Y3, Y9, Y9
	VADDPS Y5, Y9, Y9
	// q = num / den; y = qx + qy.
	VMOVUPS      f32One<>(SB), Y10
	VDIVPS       Y8, Y10, Y10
	VMULPS       Y10, Y6, Y11
	VMOVAPS      Y10, Y12
	VFMSUB213PS  Y11, Y6, Y12
	VMOVAPS      Y8, Y13
	VFNMADD213PS f32One<>(SB), Y10, Y13
	VFNMADD231PS Y10, Y9, Y13
	VFMADD231PS  Y10, Y7, Y12
	VFMADD213PS  Y12, Y11, Y13
	VADDPS       Y13, Y11, Y2
	// 1 where |x| > 8.664339742 or y is NaN; the sign of x; NaN for NaN.
	VCMPPS    $0x1e, f32TanhMax<>(SB), Y1, Y3
	VCMPPS    $3, Y2, Y2, Y4
	VORPS     Y4, Y3, Y3
	VBLENDVPS Y3, f32One<>(SB), Y2, Y2
	VANDPS    f32SignMask<>(SB), Y0, Y3
	VXORPS    Y3, Y2, Y2
	VCMPPS    $3, Y0, Y0, Y3
	VORPS     Y3, Y2, Y2
	VMOVUPS Y2, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  tanhloop
tanhdone:
	VZEROUPPER
	RET

// Constants of SLEEF's powf (kernel_sleef_pow.go).
DATA f32Two24<>+0(SB)/4, $0x4b800000
DATA f32Two24<>+4(SB)/4, $0x4b800000
DATA f32Two24<>+8(SB)/4, $0x4b800000
DATA f32Two24<>+12(SB)/4, $0x4b800000
DATA f32Two24<>+16(SB)/4, $0x4b800000
DATA f32Two24<>+20(SB)/4, $0x4b800000
DATA f32Two24<>+24(SB)/4, $0x4b800000
DATA f32Two24<>+28(SB)/4, $0x4b800000
GLOBL f32Two24<>(SB), RODATA|NOPTR, $32

DATA f32LogkC0<>+0(SB)/4, $0x3e76168a
DATA f32LogkC0<>+4(SB)/4, $0x3e76168a
DATA f32LogkC0<>+8(SB)/4, $0x3e76168a
DATA f32LogkC0<>+12(SB)/4, $0x3e76168a
DATA f32LogkC0<>+16(SB)/4, $0x3e76168a
DATA f32LogkC0<>+20(SB)/4, $0x3e76168a
DATA f32LogkC0<>+24(SB)/4, $0x3e76168a
DATA f32LogkC0<>+28(SB)/4, $0x3e76168a
GLOBL f32LogkC0<>(SB), RODATA|NOPTR, $32

DATA f32LogkC1<>+0(SB)/4, $0x3e91fa4a
DATA f32LogkC1<>+4(SB)/4, $0x3e91fa4a
DATA f32LogkC1<>+8(SB)/4, $0x3e91fa4a
DATA f32LogkC1<>+12(SB)/4, $0x3e91fa4a
DATA f32LogkC1<>+16(SB)/4, $0x3e91fa4a
DATA f32LogkC1<>+20(SB)/4, $0x3e91fa4a
DATA f32LogkC1<>+24(SB)/4, $0x3e91fa4a
DATA f32LogkC1<>+28(SB)/4, $0x3e91fa4a
GLOBL f32LogkC1<>(SB), RODATA|NOPTR, $32

DATA f32LogkC2<>+0(SB)/4, $0x3ecccdd9
DATA f32LogkC2<>+4(SB)/4, $0x3ecccdd9
DATA f32LogkC2<>+8(SB)/4, $0x3ecccdd9
DATA f32LogkC2<>+12(SB)/4, $0x3ecccdd9
DATA f32LogkC2<>+16(SB)/4, $0x3ecccdd9
DATA f32LogkC2<>+20(SB)/4, $0x3ecccdd9
DATA f32LogkC2<>+24(SB)/4, $0x3ecccdd9
DATA f32LogkC2<>+28(SB)/4, $0x3ecccdd9
GLOBL f32LogkC2<>(SB), RODATA|NOPTR, $32

DATA f32LogkCx<>+0(SB)/4, $0x3f2aaaaa
DATA f32LogkCx<>+4(SB)/4, $0x3f2aaaaa
DATA f32LogkCx<>+8(SB)/4, $0x3f2aaaaa
DATA f32LogkCx<>+12(SB)/4, $0x3f2aaaaa
DATA f32LogkCx<>+16(SB)/4, $0x3f2aaaaa
DATA f32LogkCx<>+20(SB)/4, $0x3f2aaaaa
DATA f32LogkCx<>+24(SB)/4, $0x3f2aaaaa
DATA f32LogkCx<>+28(SB)/4, $0x3f2aaaaa
GLOBL f32LogkCx<>(SB), RODATA|NOPTR, $32

DATA f32LogkCy<>+0(SB)/4, $0x317db383
DATA f32LogkCy<>+4(SB)/4, $0x317db383
DATA f32LogkCy<>+8(SB)/4, $0x317db383
DATA f32LogkCy<>+12(SB)/4, $0x317db383
DATA f32LogkCy<>+16(SB)/4, $0x317db383
DATA f32LogkCy<>+20(SB)/4, $0x317db383
DATA f32LogkCy<>+24(SB)/4, $0x317db383
DATA f32LogkCy<>+28(SB)/4, $0x317db383
GLOBL f32LogkCy<>(SB), RODATA|NOPTR, $32

DATA f32ExpkE0<>+0(SB)/4, $0x3ab2aef6
DATA f32ExpkE0<>+4(SB)/4, $0x3ab2aef6
DATA f32ExpkE0<>+8(SB)/4, $0x3ab2aef6
DATA f32ExpkE0<>+12(SB)/4, $0x3ab2aef6
DATA f32ExpkE0<>+16(SB)/4, $0x3ab2aef6
DATA f32ExpkE0<>+20(SB)/4, $0x3ab2aef6
DATA f32ExpkE0<>+24(SB)/4, $0x3ab2aef6
DATA f32ExpkE0<>+28(SB)/4, $0x3ab2aef6
GLOBL f32ExpkE0<>(SB), RODATA|NOPTR, $32

DATA f32ExpkE1<>+0(SB)/4, $0x3c09116b
DATA f32ExpkE1<>+4(SB)/4, $0x3c09116b
DATA f32ExpkE1<>+8(SB)/4, $0x3c09116b
DATA f32ExpkE1<>+12(SB)/4, $0x3c09116b
DATA f32ExpkE1<>+16(SB)/4, $0x3c09116b
DATA f32ExpkE1<>+20(SB)/4, $0x3c09116b
DATA f32ExpkE1<>+24(SB)/4, $0x3c09116b
DATA f32ExpkE1<>+28(SB)/4, $0x3c09116b
GLOBL f32ExpkE1<>(SB), RODATA|NOPTR, $32

DATA f32ExpkE2<>+0(SB)/4, $0x3d2aaf4c
DATA f32ExpkE2<>+4(SB)/4, $0x3d2aaf4c
DATA f32ExpkE2<>+8(SB)/4, $0x3d2aaf4c
DATA f32ExpkE2<>+12(SB)/4, $0x3d2aaf4c
DATA f32ExpkE2<>+16(SB)/4, $0x3d2aaf4c
DATA f32ExpkE2<>+20(SB)/4, $0x3d2aaf4c
DATA f32ExpkE2<>+24(SB)/4, $0x3d2aaf4c
DATA f32ExpkE2<>+28(SB)/4, $0x3d2aaf4c
GLOBL f32ExpkE2<>(SB), RODATA|NOPTR, $32

DATA f32ExpkE3<>+0(SB)/4, $0x3e2aaa5e
DATA f32ExpkE3<>+4(SB)/4, $0x3e2aaa5e
DATA f32ExpkE3<>+8(SB)/4, $0x3e2aaa5e
DATA f32ExpkE3<>+12(SB)/4, $0x3e2aaa5e
DATA f32ExpkE3<>+16(SB)/4, $0x3e2aaa5e
DATA f32ExpkE3<>+20(SB)/4, $0x3e2aaa5e
DATA f32ExpkE3<>+24(SB)/4, $0x3e2aaa5e
DATA f32ExpkE3<>+28(SB)/4, $0x3e2aaa5e
GLOBL f32ExpkE3<>(SB), RODATA|NOPTR, $32

DATA f32ExpkE4<>+0(SB)/4, $0x3efffffb
DATA f32ExpkE4<>+4(SB)/4, $0x3efffffb
DATA f32ExpkE4<>+8(SB)/4, $0x3efffffb
DATA f32ExpkE4<>+12(SB)/4, $0x3efffffb
DATA f32ExpkE4<>+16(SB)/4, $0x3efffffb
DATA f32ExpkE4<>+20(SB)/4, $0x3efffffb
DATA f32ExpkE4<>+24(SB)/4, $0x3efffffb
DATA f32ExpkE4<>+28(SB)/4, $0x3efffffb
GLOBL f32ExpkE4<>(SB), RODATA|NOPTR, $32


// POWF8 computes SLEEF's powf (sleefPowf) of the lanes of Y0 (x) and Y1
// (y) into Y2, with Y15 zero: logkf(|x|) as a double-float (subnormals
// scaled by 2^64, mantissa in [0.75, 1.5), the division and the series in
// double-float steps), times y, through expkf (with SLEEF's stepwise
// ldexp), then the special cases in xpowf's order: NaN -> inf; the sign
// factor (1 for x > 0, else -1/1 by y's parity, NaN for non-integral y);
// infinite y by |x| - 1; infinite or zero x; NaN operands; y == 0 or
// x == 1 -> 1. Clobbers Y3-Y14.
#define POWF8 \
	VANDPS    i32AbsMask<>(SB), Y0, Y2 \
	VCMPPS    $1, f32MinNorm<>(SB), Y2, Y3 \
	VMULPS    f32Two64<>(SB), Y2, Y4 \
	VBLENDVPS Y3, Y4, Y2, Y2 \
	VMULPS    f32FourThirds<>(SB), Y2, Y4 \
	VPSRLD    $23, Y4, Y4 \
	VPAND     i32FF<>(SB), Y4, Y4 \
	VPSUBD    i32Bias<>(SB), Y4, Y4 \
	VPSLLD    $23, Y4, Y5 \
	VPSUBD    Y5, Y2, Y5 \
	VPSUBD    i32Sixty4<>(SB), Y4, Y6 \
	VBLENDVPS Y3, Y6, Y4, Y4 \
	VCVTDQ2PS Y4, Y4 \
	VADDPS    f32NegOne<>(SB), Y5, Y6 \
	VSUBPS    f32NegOne<>(SB), Y6, Y7 \
	VSUBPS    Y7, Y6, Y8 \
	VMOVUPS   f32NegOne<>(SB), Y9 \
	VSUBPS    Y8, Y9, Y8 \
	VSUBPS    Y7, Y5, Y7 \
	VADDPS    Y7, Y8, Y7 \
	VADDPS    f32One<>(SB), Y5, Y8 \
	VSUBPS    f32One<>(SB), Y8, Y9 \
	VSUBPS    Y9, Y8, Y10 \
	VMOVUPS   f32One<>(SB), Y11 \
	VSUBPS    Y10, Y11, Y10 \
	VSUBPS    Y9, Y5, Y9 \
	VADDPS    Y9, Y10, Y9 \
	VMOVUPS      f32One<>(SB), Y10 \
	VDIVPS       Y8, Y10, Y10 \
	VMULPS       Y10, Y6, Y11 \
	VMOVAPS      Y10, Y12 \
	VFMSUB213PS  Y11, Y6, Y12 \
	VMOVAPS      Y8, Y13 \
	VFNMADD213PS f32One<>(SB), Y10, Y13 \
	VFNMADD231PS Y10, Y9, Y13 \
	VFMADD231PS  Y10, Y7, Y12 \
	VFMADD213PS  Y12, Y11, Y13 \
	VMULPS      Y11, Y11, Y2 \
	VMOVAPS     Y11, Y3 \
	VFMSUB213PS Y2, Y11, Y3 \
	VADDPS      Y11, Y11, Y5 \
	VFMADD231PS Y13, Y5, Y3 \
	VMOVUPS     f32LogkC0<>(SB), Y5 \
	VFMADD213PS f32LogkC1<>(SB), Y2, Y5 \
	VFMADD213PS f32LogkC2<>(SB), Y2, Y5 \
	VMULPS      f32LogLn2Hi<>(SB), Y4, Y6 \
	VMOVUPS     f32LogLn2Hi<>(SB), Y7 \
	VFMSUB213PS Y6, Y4, Y7 \
	VFMADD231PS f32LogLn2Lo<>(SB), Y4, Y7 \
	VADDPS Y11, Y11, Y8 \
	VADDPS Y13, Y13, Y9 \
	VADDPS Y8, Y6, Y10 \
	VSUBPS Y10, Y6, Y12 \
	VADDPS Y8, Y12, Y12 \
	VADDPS Y7, Y12, Y12 \
	VADDPS Y9, Y12, Y12 \
	VMULPS      Y11, Y2, Y6 \
	VMOVAPS     Y2, Y7 \
	VFMSUB213PS Y6, Y11, Y7 \
	VFMADD231PS Y11, Y3, Y7 \
	VFMADD231PS Y13, Y2, Y7 \
	VMULPS      Y5, Y2, Y8 \
	VMOVAPS     Y2, Y9 \
	VFMSUB213PS Y8, Y5, Y9 \
	VFMADD231PS Y5, Y3, Y9 \
	VADDPS  f32LogkCx<>(SB), Y8, Y2 \
	VSUBPS  Y8, Y2, Y3 \
	VSUBPS  Y3, Y2, Y4 \
	VSUBPS  Y4, Y8, Y4 \
	VMOVUPS f32LogkCx<>(SB), Y5 \
	VSUBPS  Y3, Y5, Y5 \
	VADDPS  Y5, Y4, Y4 \
	VADDPS  f32LogkCy<>(SB), Y9, Y5 \
	VADDPS  Y5, Y4, Y4 \
	VMULPS      Y2, Y6, Y8 \
	VMOVAPS     Y6, Y9 \
	VFMSUB213PS Y8, Y2, Y9 \
	VFMADD231PS Y2, Y7, Y9 \
	VFMADD231PS Y4, Y6, Y9 \
	VADDPS Y8, Y10, Y2 \
	VSUBPS Y2, Y10, Y3 \
	VADDPS Y8, Y3, Y3 \
	VADDPS Y12, Y3, Y3 \
	VADDPS Y9, Y3, Y3 \
	VMULPS      Y1, Y2, Y4 \
	VMOVAPS     Y2, Y5 \
	VFMSUB213PS Y4, Y1, Y5 \
	VFMADD231PS Y1, Y3, Y5 \
	VADDPS    Y5, Y4, Y6 \
	VMULPS    f32Rln2<>(SB), Y6, Y6 \
	VCVTPS2DQ Y6, Y14 \
	VCVTDQ2PS Y14, Y13 \
	VMULPS f32NegL2U<>(SB), Y13, Y6 \
	VADDPS Y6, Y4, Y7 \
	VSUBPS Y4, Y7, Y8 \
	VSUBPS Y8, Y7, Y9 \
	VSUBPS Y9, Y4, Y9 \
	VSUBPS Y8, Y6, Y8 \
	VADDPS Y8, Y9, Y9 \
	VADDPS Y5, Y9, Y9 \
	VMULPS f32NegL2L<>(SB), Y13, Y6 \
	VADDPS Y6, Y7, Y2 \
	VSUBPS Y7, Y2, Y3 \
	VSUBPS Y3, Y2, Y8 \
	VSUBPS Y8, Y7, Y8 \
	VSUBPS Y3, Y6, Y3 \
	VADDPS Y3, Y8, Y8 \
	VADDPS Y9, Y8, Y8 \
	VADDPS Y8, Y2, Y3 \
	VSUBPS Y3, Y2, Y6 \
	VADDPS Y8, Y6, Y6 \
	VMOVUPS     f32ExpkE0<>(SB), Y7 \
	VFMADD213PS f32ExpkE1<>(SB), Y3, Y7 \
	VFMADD213PS f32ExpkE2<>(SB), Y3, Y7 \
	VFMADD213PS f32ExpkE3<>(SB), Y3, Y7 \
	VFMADD213PS f32ExpkE4<>(SB), Y3, Y7 \
	VMULPS      Y3, Y3, Y8 \
	VMOVAPS     Y3, Y9 \
	VFMSUB213PS Y8, Y3, Y9 \
	VADDPS      Y3, Y3, Y10 \
	VFMADD231PS Y6, Y10, Y9 \
	VMULPS      Y7, Y8, Y10 \
	VMOVAPS     Y8, Y11 \
	VFMSUB213PS Y10, Y7, Y11 \
	VFMADD231PS Y7, Y9, Y11 \
	VADDPS Y10, Y3, Y12 \
	VSUBPS Y12, Y3, Y13 \
	VADDPS Y10, Y13, Y13 \
	VADDPS Y6, Y13, Y13 \
	VADDPS Y11, Y13, Y13 \
	VADDPS  f32One<>(SB), Y12, Y2 \
	VMOVUPS f32One<>(SB), Y3 \
	VSUBPS  Y2, Y3, Y3 \
	VADDPS  Y12, Y3, Y3 \
	VADDPS  Y13, Y3, Y3 \
	VADDPS  Y3, Y2, Y2 \
	VPSRAD   $31, Y14, Y3 \
	VPADDD   Y14, Y3, Y5 \
	VPSRAD   $6, Y5, Y5 \
	VPSUBD   Y3, Y5, Y5 \
	VPSLLD   $4, Y5, Y5 \
	VPSLLD   $2, Y5, Y6 \
	VPSUBD   Y6, Y14, Y14 \
	VPADDD   i32Bias<>(SB), Y5, Y5 \
	VPCMPGTD Y15, Y5, Y6 \
	VPAND    Y6, Y5, Y5 \
	VPCMPGTD i32FF<>(SB), Y5, Y6 \
	VPANDN   Y5, Y6, Y7 \
	VPAND    i32FF<>(SB), Y6, Y6 \
	VPOR     Y6, Y7, Y5 \
	VPSLLD   $23, Y5, Y5 \
	VMULPS   Y5, Y2, Y2 \
	VMULPS   Y5, Y2, Y2 \
	VMULPS   Y5, Y2, Y2 \
	VMULPS   Y5, Y2, Y2 \
	VPADDD   i32Bias<>(SB), Y14, Y6 \
	VPSLLD   $23, Y6, Y6 \
	VMULPS   Y6, Y2, Y2 \
	VCMPPS   $1, f32ExpLo<>(SB), Y4, Y3 \
	VANDNPS  Y2, Y3, Y2 \
	VCMPPS    $3, Y2, Y2, Y3 \
	VBLENDVPS Y3, f32Inf<>(SB), Y2, Y2 \
	VROUNDPS  $3, Y1, Y3 \
	VCMPPS    $0, Y1, Y3, Y4 \
	VANDPS    i32AbsMask<>(SB), Y1, Y5 \
	VCMPPS    $0x1e, f32Two24<>(SB), Y5, Y6 \
	VORPS     Y6, Y4, Y4 \
	VCVTTPS2DQ Y1, Y6 \
	VPAND     i32One<>(SB), Y6, Y6 \
	VPCMPEQD  i32One<>(SB), Y6, Y6 \
	VPAND     Y4, Y6, Y6 \
	VCMPPS    $1, f32Two24<>(SB), Y5, Y7 \
	VPAND     Y7, Y6, Y6 \
	VMOVUPS   f32One<>(SB), Y7 \
	VBLENDVPS Y6, f32NegOne<>(SB), Y7, Y7 \
	VMOVUPS   f32QNaN<>(SB), Y8 \
	VBLENDVPS Y4, Y7, Y8, Y7 \
	VCMPPS    $0x1e, Y15, Y0, Y8 \
	VBLENDVPS Y8, f32One<>(SB), Y7, Y7 \
	VMULPS    Y7, Y2, Y2 \
	VANDPS    i32AbsMask<>(SB), Y0, Y8 \
	VSUBPS    f32One<>(SB), Y8, Y8 \
	VANDPS    f32SignMask<>(SB), Y1, Y9 \
	VXORPS    Y9, Y8, Y8 \
	VMOVUPS   f32Inf<>(SB), Y9 \
	VCMPPS    $0, Y15, Y8, Y10 \
	VBLENDVPS Y10, f32One<>(SB), Y9, Y9 \
	VCMPPS    $1, Y15, Y8, Y10 \
	VANDNPS   Y9, Y10, Y9 \
	VCMPPS    $0, f32Inf<>(SB), Y5, Y10 \
	VBLENDVPS Y10, Y9, Y2, Y2 \
	VANDPS    i32AbsMask<>(SB), Y0, Y8 \
	VCMPPS    $0, f32Inf<>(SB), Y8, Y9 \
	VCMPPS    $0, Y15, Y0, Y10 \
	VORPS     Y10, Y9, Y9 \
	VPSRAD    $31, Y1, Y11 \
	VXORPS    Y10, Y11, Y11 \
	VMOVUPS   f32Inf<>(SB), Y12 \
	VANDNPS   Y12, Y11, Y12 \
	VMOVUPS   f32One<>(SB), Y13 \
	VBLENDVPS Y6, Y0, Y13, Y13 \
	VANDPS    f32SignMask<>(SB), Y13, Y13 \
	VXORPS    Y13, Y12, Y12 \
	VBLENDVPS Y9, Y12, Y2, Y2 \
	VCMPPS    $3, Y0, Y0, Y9 \
	VCMPPS    $3, Y1, Y1, Y10 \
	VORPS     Y10, Y9, Y9 \
	VORPS     Y9, Y2, Y2 \
	VCMPPS    $0, Y15, Y1, Y9 \
	VCMPPS    $0, f32One<>(SB), Y0, Y10 \
	VORPS     Y10, Y9, Y9 \
	VBLENDVPS Y9, f32One<>(SB), Y2, Y2


// func powVVf32AVX2(...) — see kernel_avx2_amd64.go; n a multiple of 8.
TEXT ·powVVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   powVVf32AVX2done
	VPXOR Y15, Y15, Y15
powVVf32AVX2loop:
	VMOVUPS (SI), Y0
	VMOVUPS (DX), Y1
	POWF8
	VMOVUPS Y2, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, DX
	DECQ CX
	JNZ  powVVf32AVX2loop
powVVf32AVX2done:
	VZEROUPPER
	RET


// func powVSf32AVX2(...) — see kernel_avx2_amd64.go; n a multiple of 8.
TEXT ·powVSf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   powVSf32AVX2done
	VPXOR Y15, Y15, Y15
powVSf32AVX2loop:
	VMOVUPS (SI), Y0
	VBROADCASTSS b+16(FP), Y1
	POWF8
	VMOVUPS Y2, (DI)
	ADDQ $32, DI
	ADDQ $32, SI
	DECQ CX
	JNZ  powVSf32AVX2loop
powVSf32AVX2done:
	VZEROUPPER
	RET


// func powSVf32AVX2(...) — see kernel_avx2_amd64.go; n a multiple of 8.
TEXT ·powSVf32AVX2(SB), NOSPLIT, $0-32
	MOVQ o+0(FP), DI
	MOVQ b+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   powSVf32AVX2done
	VPXOR Y15, Y15, Y15
powSVf32AVX2loop:
	VBROADCASTSS a+8(FP), Y0
	VMOVUPS (DX), Y1
	POWF8
	VMOVUPS Y2, (DI)
	ADDQ $32, DI
	ADDQ $32, DX
	DECQ CX
	JNZ  powSVf32AVX2loop
powSVf32AVX2done:
	VZEROUPPER
	RET

// func negf32AVX2(o, a *float32, n int)
// o = -a (the sign bit flipped, as Go's and C's negation); n a multiple of 8.
TEXT ·negf32AVX2(SB), NOSPLIT, $0-24
	MOVQ o+0(FP), DI
	MOVQ a+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   negdone
	VMOVUPS f32SignMask<>(SB), Y1
negloop:
	VXORPS (SI), Y1, Y0
	VMOVUPS Y0, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  negloop
negdone:
	VZEROUPPER
	RET

// SLEEF's sinf_u1, cosf_u1 and tanf_u1 (kernel_sleef_trig.go): the short
// (Cody-Waite) reduction and the polynomials, for vectors of 8 whose
// elements all have |x| < 125.

DATA f32TrigR2<>+0(SB)/4, $0x42fa0000
DATA f32TrigR2<>+4(SB)/4, $0x42fa0000
DATA f32TrigR2<>+8(SB)/4, $0x42fa0000
DATA f32TrigR2<>+12(SB)/4, $0x42fa0000
DATA f32TrigR2<>+16(SB)/4, $0x42fa0000
DATA f32TrigR2<>+20(SB)/4, $0x42fa0000
DATA f32TrigR2<>+24(SB)/4, $0x42fa0000
DATA f32TrigR2<>+28(SB)/4, $0x42fa0000
GLOBL f32TrigR2<>(SB), RODATA|NOPTR, $32

DATA f32M1PI<>+0(SB)/4, $0x3ea2f983
DATA f32M1PI<>+4(SB)/4, $0x3ea2f983
DATA f32M1PI<>+8(SB)/4, $0x3ea2f983
DATA f32M1PI<>+12(SB)/4, $0x3ea2f983
DATA f32M1PI<>+16(SB)/4, $0x3ea2f983
DATA f32M1PI<>+20(SB)/4, $0x3ea2f983
DATA f32M1PI<>+24(SB)/4, $0x3ea2f983
DATA f32M1PI<>+28(SB)/4, $0x3ea2f983
GLOBL f32M1PI<>(SB), RODATA|NOPTR, $32

DATA f32M2PI<>+0(SB)/4, $0x3f22f983
DATA f32M2PI<>+4(SB)/4, $0x3f22f983
DATA f32M2PI<>+8(SB)/4, $0x3f22f983
DATA f32M2PI<>+12(SB)/4, $0x3f22f983
DATA f32M2PI<>+16(SB)/4, $0x3f22f983
DATA f32M2PI<>+20(SB)/4, $0x3f22f983
DATA f32M2PI<>+24(SB)/4, $0x3f22f983
DATA f32M2PI<>+28(SB)/4, $0x3f22f983
GLOBL f32M2PI<>(SB), RODATA|NOPTR, $32

DATA f32NegPIA2<>+0(SB)/4, $0xc0490e00
DATA f32NegPIA2<>+4(SB)/4, $0xc0490e00
DATA f32NegPIA2<>+8(SB)/4, $0xc0490e00
DATA f32NegPIA2<>+12(SB)/4, $0xc0490e00
DATA f32NegPIA2<>+16(SB)/4, $0xc0490e00
DATA f32NegPIA2<>+20(SB)/4, $0xc0490e00
DATA f32NegPIA2<>+24(SB)/4, $0xc0490e00
DATA f32NegPIA2<>+28(SB)/4, $0xc0490e00
GLOBL f32NegPIA2<>(SB), RODATA|NOPTR, $32

DATA f32NegPIB2<>+0(SB)/4, $0xb8ed5000
DATA f32NegPIB2<>+4(SB)/4, $0xb8ed5000
DATA f32NegPIB2<>+8(SB)/4, $0xb8ed5000
DATA f32NegPIB2<>+12(SB)/4, $0xb8ed5000
DATA f32NegPIB2<>+16(SB)/4, $0xb8ed5000
DATA f32NegPIB2<>+20(SB)/4, $0xb8ed5000
DATA f32NegPIB2<>+24(SB)/4, $0xb8ed5000
DATA f32NegPIB2<>+28(SB)/4, $0xb8ed5000
GLOBL f32NegPIB2<>(SB), RODATA|NOPTR, $32

DATA f32NegPIC2<>+0(SB)/4, $0xb1085a31
DATA f32NegPIC2<>+4(SB)/4, $0xb1085a31
DATA f32NegPIC2<>+8(SB)/4, $0xb1085a31
DATA f32NegPIC2<>+12(SB)/4, $0xb1085a31
DATA f32NegPIC2<>+16(SB)/4, $0xb1085a31
DATA f32NegPIC2<>+20(SB)/4, $0xb1085a31
DATA f32NegPIC2<>+24(SB)/4, $0xb1085a31
DATA f32NegPIC2<>+28(SB)/4, $0xb1085a31
GLOBL f32NegPIC2<>(SB), RODATA|NOPTR, $32

DATA f32NegPIA2h<>+0(SB)/4, $0xbfc90e00
DATA f32NegPIA2h<>+4(SB)/4, $0xbfc90e00
DATA f32NegPIA2h<>+8(SB)/4, $0xbfc90e00
DATA f32NegPIA2h<>+12(SB)/4, $0xbfc90e00
DATA f32NegPIA2h<>+16(SB)/4, $0xbfc90e00
DATA f32NegPIA2h<>+20(SB)/4, $0xbfc90e00
DATA f32NegPIA2h<>+24(SB)/4, $0xbfc90e00
DATA f32NegPIA2h<>+28(SB)/4, $0xbfc90e00
GLOBL f32NegPIA2h<>(SB), RODATA|NOPTR, $32

DATA f32NegPIB2h<>+0(SB)/4, $0xb86d5000
DATA f32NegPIB2h<>+4(SB)/4, $0xb86d5000
DATA f32NegPIB2h<>+8(SB)/4, $0xb86d5000
DATA f32NegPIB2h<>+12(SB)/4, $0xb86d5000
DATA f32NegPIB2h<>+16(SB)/4, $0xb86d5000
DATA f32NegPIB2h<>+20(SB)/4, $0xb86d5000
DATA f32NegPIB2h<>+24(SB)/4, $0xb86d5000
DATA f32NegPIB2h<>+28(SB)/4, $0xb86d5000
GLOBL f32NegPIB2h<>(SB), RODATA|NOPTR, $32

DATA f32NegPIC2h<>+0(SB)/4, $0xb0885a31
DATA f32NegPIC2h<>+4(SB)/4, $0xb0885a31
DATA f32NegPIC2h<>+8(SB)/4, $0xb0885a31
DATA f32NegPIC2h<>+12(SB)/4, $0xb0885a31
DATA f32NegPIC2h<>+16(SB)/4, $0xb0885a31
DATA f32NegPIC2h<>+20(SB)/4, $0xb0885a31
DATA f32NegPIC2h<>+24(SB)/4, $0xb0885a31
DATA f32NegPIC2h<>+28(SB)/4, $0xb0885a31
GLOBL f32NegPIC2h<>(SB), RODATA|NOPTR, $32

DATA f32Two<>+0(SB)/4, $0x40000000
DATA f32Two<>+4(SB)/4, $0x40000000
DATA f32Two<>+8(SB)/4, $0x40000000
DATA f32Two<>+12(SB)/4, $0x40000000
DATA f32Two<>+16(SB)/4, $0x40000000
DATA f32Two<>+20(SB)/4, $0x40000000
DATA f32Two<>+24(SB)/4, $0x40000000
DATA f32Two<>+28(SB)/4, $0x40000000
GLOBL f32Two<>(SB), RODATA|NOPTR, $32

DATA f32SinC0<>+0(SB)/4, $0x362f0a87
DATA f32SinC0<>+4(SB)/4, $0x362f0a87
DATA f32SinC0<>+8(SB)/4, $0x362f0a87
DATA f32SinC0<>+12(SB)/4, $0x362f0a87
DATA f32SinC0<>+16(SB)/4, $0x362f0a87
DATA f32SinC0<>+20(SB)/4, $0x362f0a87
DATA f32SinC0<>+24(SB)/4, $0x362f0a87
DATA f32SinC0<>+28(SB)/4, $0x362f0a87
GLOBL f32SinC0<>(SB), RODATA|NOPTR, $32

DATA f32SinC1<>+0(SB)/4, $0xb94fbaeb
DATA f32SinC1<>+4(SB)/4, $0xb94fbaeb
DATA f32SinC1<>+8(SB)/4, $0xb94fbaeb
DATA f32SinC1<>+12(SB)/4, $0xb94fbaeb
DATA f32SinC1<>+16(SB)/4, $0xb94fbaeb
DATA f32SinC1<>+20(SB)/4, $0xb94fbaeb
DATA f32SinC1<>+24(SB)/4, $0xb94fbaeb
DATA f32SinC1<>+28(SB)/4, $0xb94fbaeb
GLOBL f32SinC1<>(SB), RODATA|NOPTR, $32

DATA f32SinC2<>+0(SB)/4, $0x3c088777
DATA f32SinC2<>+4(SB)/4, $0x3c088777
DATA f32SinC2<>+8(SB)/4, $0x3c088777
DATA f32SinC2<>+12(SB)/4, $0x3c088777
DATA f32SinC2<>+16(SB)/4, $0x3c088777
DATA f32SinC2<>+20(SB)/4, $0x3c088777
DATA f32SinC2<>+24(SB)/4, $0x3c088777
DATA f32SinC2<>+28(SB)/4, $0x3c088777
GLOBL f32SinC2<>(SB), RODATA|NOPTR, $32

DATA f32SinC3<>+0(SB)/4, $0xbe2aaaa6
DATA f32SinC3<>+4(SB)/4, $0xbe2aaaa6
DATA f32SinC3<>+8(SB)/4, $0xbe2aaaa6
DATA f32SinC3<>+12(SB)/4, $0xbe2aaaa6
DATA f32SinC3<>+16(SB)/4, $0xbe2aaaa6
DATA f32SinC3<>+20(SB)/4, $0xbe2aaaa6
DATA f32SinC3<>+24(SB)/4, $0xbe2aaaa6
DATA f32SinC3<>+28(SB)/4, $0xbe2aaaa6
GLOBL f32SinC3<>(SB), RODATA|NOPTR, $32

// TRIGSMALL8 sets the flags for JNE to branch when the 8 floats in Y0 do
// not all have |x| < 125 (NaNs included): such a vector takes the long
// reduction, which is left to Go. Clobbers Y1, BX.
#define TRIGSMALL8 \
	VANDPS     i32AbsMask<>(SB), Y0, Y1 \
	VCMPPS     $1, f32TrigR2<>(SB), Y1, Y1 \
	VMOVMSKPS  Y1, BX \
	CMPL       BX, $0xff

// DFADD2DF is df2Add2DF: (ox, oy) = (sx, sy) + y; tmp is clobbered.
#define DFADD2DF(sx, sy, y, ox, oy, tmp) \
	VADDPS y, sx, ox \
	VSUBPS sx, ox, tmp \
	VSUBPS tmp, ox, oy \
	VSUBPS oy, sx, oy \
	VSUBPS tmp, y, tmp \
	VADDPS tmp, oy, oy \
	VADDPS sy, oy, oy

// SINCOSPOLY is sinCosPoly: Y9 = t*(1 + s*P(s)), s = t*t, for the
// double-float t = (Y4, Y8). Clobbers Y10-Y14: s = df2Squ(t) is (Y10,
// Y11), u = P(sx) Y12, p = df2Add(C3, u*sx) (Y13, Y14), m = df2MulDD(p, s)
// (Y12, Y9), x = df2AddFD(1, m) (Y13, Y14), then df2MulToF(t, x).
#define SINCOSPOLY \
	VMULPS      Y4, Y4, Y10 \
	VMOVAPS     Y4, Y11 \
	VFMSUB213PS Y10, Y4, Y11 \
	VADDPS      Y4, Y4, Y12 \
	VFMADD231PS Y8, Y12, Y11 \
	VMOVUPS     f32SinC0<>(SB), Y12 \
	VFMADD213PS f32SinC1<>(SB), Y10, Y12 \
	VFMADD213PS f32SinC2<>(SB), Y10, Y12 \
	VMULPS      Y10, Y12, Y12 \
	VADDPS      f32SinC3<>(SB), Y12, Y13 \
	VMOVUPS     f32SinC3<>(SB), Y14 \
	VSUBPS      Y13, Y14, Y14 \
	VADDPS      Y12, Y14, Y14 \
	VMULPS      Y10, Y13, Y12 \
	VMOVAPS     Y13, Y9 \
	VFMSUB213PS Y12, Y10, Y9 \
	VFMADD231PS Y10, Y14, Y9 \
	VFMADD231PS Y11, Y13, Y9 \
	VADDPS      f32One<>(SB), Y12, Y13 \
	VMOVUPS     f32One<>(SB), Y14 \
	VSUBPS      Y13, Y14, Y14 \
	VADDPS      Y12, Y14, Y14 \
	VADDPS      Y9, Y14, Y14 \
	VMULPS      Y14, Y4, Y9 \
	VFMADD231PS Y13, Y8, Y9 \
	VFMADD231PS Y13, Y4, Y9

// func sinf32AVX2(dst, src *float32, n int) int
// dst = sleefSinfW(src, false) for the vectors of 8 from the start of
// src (n a multiple of 8) up to the first that needs the long reduction;
// returns how many elements it wrote.
TEXT ·sinf32AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
sinloop:
	CMPQ AX, CX
	JGE  sindone
	VMOVUPS (SI)(AX*4), Y0
	TRIGSMALL8
	JNE  sindone
	// u = rint(d/pi); q&1 as a sign mask (Y3).
	VMULPS    f32M1PI<>(SB), Y0, Y2
	VROUNDPS  $0, Y2, Y2
	VCVTPS2DQ Y2, Y3
	VPSLLD    $31, Y3, Y3
	// v = fmaf(u, -PIA2, d); s = df2Add2(v, u*-PIB2) = (Y6, Y7).
	VMOVAPS     Y0, Y4
	VFMADD231PS f32NegPIA2<>(SB), Y2, Y4
	VMULPS      f32NegPIB2<>(SB), Y2, Y5
	VADDPS      Y5, Y4, Y6
	VSUBPS      Y4, Y6, Y7
	VSUBPS      Y7, Y6, Y8
	VSUBPS      Y8, Y4, Y8
	VSUBPS      Y7, Y5, Y7
	VADDPS      Y7, Y8, Y7
	// s = df2AddDF(s, u*-PIC2) = (Y4, Y8).
	VMULPS f32NegPIC2<>(SB), Y2, Y5
	VADDPS Y5, Y6, Y4
	VSUBPS Y4, Y6, Y8
	VADDPS Y5, Y8, Y8
	VADDPS Y7, Y8, Y8
	SINCOSPOLY
	VXORPS Y3, Y9, Y9
	// sin(-0) = -0.
	VPCMPEQD  f32SignMask<>(SB), Y0, Y1
	VBLENDVPS Y1, Y0, Y9, Y9
	VMOVUPS   Y9, (DI)(AX*4)
	ADDQ $8, AX
	JMP  sinloop
sindone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func cosf32AVX2(dst, src *float32, n int) int
// cosf32AVX2 is sinf32AVX2 for sleefCosfW.
TEXT ·cosf32AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
cosloop:
	CMPQ AX, CX
	JGE  cosdone
	VMOVUPS (SI)(AX*4), Y0
	TRIGSMALL8
	JNE  cosdone
	// dq = fmaf(rint(fmaf(d, 1/pi, -0.5)), 2, 1); q&2 == 0 as a sign
	// mask (Y3).
	VMOVUPS     f32M1PI<>(SB), Y2
	VFMADD213PS f32NegHalf<>(SB), Y0, Y2
	VROUNDPS    $0, Y2, Y2
	VMOVUPS     f32Two<>(SB), Y5
	VFMADD213PS f32One<>(SB), Y5, Y2
	VCVTPS2DQ   Y2, Y3
	VPSLLD      $30, Y3, Y3
	VPANDN      f32SignMask<>(SB), Y3, Y3
	// s = df2Add2(d, dq*-PIA2/2) = (Y6, Y7).
	VMULPS f32NegPIA2h<>(SB), Y2, Y5
	VADDPS Y5, Y0, Y6
	VSUBPS Y0, Y6, Y7
	VSUBPS Y7, Y6, Y8
	VSUBPS Y8, Y0, Y8
	VSUBPS Y7, Y5, Y7
	VADDPS Y7, Y8, Y7
	// s = df2Add2DF(s, dq*-PIB2/2), then dq*-PIC2/2: (Y4, Y8).
	VMULPS f32NegPIB2h<>(SB), Y2, Y5
	DFADD2DF(Y6, Y7, Y5, Y4, Y8, Y1)
	VMULPS f32NegPIC2h<>(SB), Y2, Y5
	DFADD2DF(Y4, Y8, Y5, Y6, Y7, Y1)
	VMOVAPS Y6, Y4
	VMOVAPS Y7, Y8
	SINCOSPOLY
	VXORPS  Y3, Y9, Y9
	VMOVUPS Y9, (DI)(AX*4)
	ADDQ $8, AX
	JMP  cosloop
cosdone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

DATA f32TanC0<>+0(SB)/4, $0x3b925a95
DATA f32TanC0<>+4(SB)/4, $0x3b925a95
DATA f32TanC0<>+8(SB)/4, $0x3b925a95
DATA f32TanC0<>+12(SB)/4, $0x3b925a95
DATA f32TanC0<>+16(SB)/4, $0x3b925a95
DATA f32TanC0<>+20(SB)/4, $0x3b925a95
DATA f32TanC0<>+24(SB)/4, $0x3b925a95
DATA f32TanC0<>+28(SB)/4, $0x3b925a95
GLOBL f32TanC0<>(SB), RODATA|NOPTR, $32

DATA f32TanC1<>+0(SB)/4, $0xb8affe4e
DATA f32TanC1<>+4(SB)/4, $0xb8affe4e
DATA f32TanC1<>+8(SB)/4, $0xb8affe4e
DATA f32TanC1<>+12(SB)/4, $0xb8affe4e
DATA f32TanC1<>+16(SB)/4, $0xb8affe4e
DATA f32TanC1<>+20(SB)/4, $0xb8affe4e
DATA f32TanC1<>+24(SB)/4, $0xb8affe4e
DATA f32TanC1<>+28(SB)/4, $0xb8affe4e
GLOBL f32TanC1<>(SB), RODATA|NOPTR, $32

DATA f32TanC2<>+0(SB)/4, $0x3c33a208
DATA f32TanC2<>+4(SB)/4, $0x3c33a208
DATA f32TanC2<>+8(SB)/4, $0x3c33a208
DATA f32TanC2<>+12(SB)/4, $0x3c33a208
DATA f32TanC2<>+16(SB)/4, $0x3c33a208
DATA f32TanC2<>+20(SB)/4, $0x3c33a208
DATA f32TanC2<>+24(SB)/4, $0x3c33a208
DATA f32TanC2<>+28(SB)/4, $0x3c33a208
GLOBL f32TanC2<>(SB), RODATA|NOPTR, $32

DATA f32TanC3<>+0(SB)/4, $0x3cadf72f
DATA f32TanC3<>+4(SB)/4, $0x3cadf72f
DATA f32TanC3<>+8(SB)/4, $0x3cadf72f
DATA f32TanC3<>+12(SB)/4, $0x3cadf72f
DATA f32TanC3<>+16(SB)/4, $0x3cadf72f
DATA f32TanC3<>+20(SB)/4, $0x3cadf72f
DATA f32TanC3<>+24(SB)/4, $0x3cadf72f
DATA f32TanC3<>+28(SB)/4, $0x3cadf72f
GLOBL f32TanC3<>(SB), RODATA|NOPTR, $32

DATA f32TanC4<>+0(SB)/4, $0x3d5d7728
DATA f32TanC4<>+4(SB)/4, $0x3d5d7728
DATA f32TanC4<>+8(SB)/4, $0x3d5d7728
DATA f32TanC4<>+12(SB)/4, $0x3d5d7728
DATA f32TanC4<>+16(SB)/4, $0x3d5d7728
DATA f32TanC4<>+20(SB)/4, $0x3d5d7728
DATA f32TanC4<>+24(SB)/4, $0x3d5d7728
DATA f32TanC4<>+28(SB)/4, $0x3d5d7728
GLOBL f32TanC4<>(SB), RODATA|NOPTR, $32

DATA f32TanC5<>+0(SB)/4, $0x3e088686
DATA f32TanC5<>+4(SB)/4, $0x3e088686
DATA f32TanC5<>+8(SB)/4, $0x3e088686
DATA f32TanC5<>+12(SB)/4, $0x3e088686
DATA f32TanC5<>+16(SB)/4, $0x3e088686
DATA f32TanC5<>+20(SB)/4, $0x3e088686
DATA f32TanC5<>+24(SB)/4, $0x3e088686
DATA f32TanC5<>+28(SB)/4, $0x3e088686
GLOBL f32TanC5<>(SB), RODATA|NOPTR, $32

DATA f32TanC6<>+0(SB)/4, $0x3eaaaab4
DATA f32TanC6<>+4(SB)/4, $0x3eaaaab4
DATA f32TanC6<>+8(SB)/4, $0x3eaaaab4
DATA f32TanC6<>+12(SB)/4, $0x3eaaaab4
DATA f32TanC6<>+16(SB)/4, $0x3eaaaab4
DATA f32TanC6<>+20(SB)/4, $0x3eaaaab4
DATA f32TanC6<>+24(SB)/4, $0x3eaaaab4
DATA f32TanC6<>+28(SB)/4, $0x3eaaaab4
GLOBL f32TanC6<>(SB), RODATA|NOPTR, $32

// func tanf32AVX2(dst, src *float32, n int) int
// tanf32AVX2 is sinf32AVX2 for sleefTanfW.
TEXT ·tanf32AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
tanloop:
	CMPQ AX, CX
	JGE  tandone
	VMOVUPS (SI)(AX*4), Y0
	TRIGSMALL8
	JNE  tandone
	// u = rint(d*2/pi); o = q&1 as a sign mask (Y3).
	VMULPS    f32M2PI<>(SB), Y0, Y2
	VROUNDPS  $0, Y2, Y2
	VCVTPS2DQ Y2, Y3
	VPSLLD    $31, Y3, Y3
	// v = fmaf(u, -PIA2/2, d); s = df2Add2(v, u*-PIB2/2) = (Y6, Y7).
	VMOVAPS     Y0, Y4
	VFMADD231PS f32NegPIA2h<>(SB), Y2, Y4
	VMULPS      f32NegPIB2h<>(SB), Y2, Y5
	VADDPS      Y5, Y4, Y6
	VSUBPS      Y4, Y6, Y7
	VSUBPS      Y7, Y6, Y8
	VSUBPS      Y8, Y4, Y8
	VSUBPS      Y7, Y5, Y7
	VADDPS      Y7, Y8, Y7
	// t = df2AddDF(s, u*-PIC2/2) = (Y4, Y8), negated where o.
	VMULPS f32NegPIC2h<>(SB), Y2, Y5
	VADDPS Y5, Y6, Y4
	VSUBPS Y4, Y6, Y8
	VADDPS Y5, Y8, Y8
	VADDPS Y7, Y8, Y8
	VXORPS Y3, Y4, Y4
	VXORPS Y3, Y8, Y8
	// s = df2Norm(df2Squ(t)) = (Y12, Y11).
	VMULPS      Y4, Y4, Y10
	VMOVAPS     Y4, Y11
	VFMSUB213PS Y10, Y4, Y11
	VADDPS      Y4, Y4, Y12
	VFMADD231PS Y8, Y12, Y11
	VADDPS      Y11, Y10, Y12
	VSUBPS      Y12, Y10, Y10
	VADDPS      Y11, Y10, Y11
	// u = P(sx) (Y13); x = df2Add(C5, u*sx) = (Y14, Y10).
	VMOVUPS     f32TanC0<>(SB), Y13
	VFMADD213PS f32TanC1<>(SB), Y12, Y13
	VFMADD213PS f32TanC2<>(SB), Y12, Y13
	VFMADD213PS f32TanC3<>(SB), Y12, Y13
	VFMADD213PS f32TanC4<>(SB), Y12, Y13
	VMULPS      Y12, Y13, Y13
	VADDPS      f32TanC5<>(SB), Y13, Y14
	VMOVUPS     f32TanC5<>(SB), Y10
	VSUBPS      Y14, Y10, Y10
	VADDPS      Y13, Y10, Y10
	// m = df2MulDD(s, x) = (Y13, Y9).
	VMULPS      Y14, Y12, Y13
	VMOVAPS     Y12, Y9
	VFMSUB213PS Y13, Y14, Y9
	VFMADD231PS Y14, Y11, Y9
	VFMADD231PS Y10, Y12, Y9
	// a = df2AddFD(C6, m) = (Y14, Y10).
	VADDPS  f32TanC6<>(SB), Y13, Y14
	VMOVUPS f32TanC6<>(SB), Y10
	VSUBPS  Y14, Y10, Y10
	VADDPS  Y13, Y10, Y10
	VADDPS  Y9, Y10, Y10
	// b = df2MulDD(a, s) = (Y13, Y9).
	VMULPS      Y12, Y14, Y13
	VMOVAPS     Y14, Y9
	VFMSUB213PS Y13, Y12, Y9
	VFMADD231PS Y12, Y10, Y9
	VFMADD231PS Y11, Y14, Y9
	// x = df2AddFD(1, b) = (Y14, Y10).
	VADDPS  f32One<>(SB), Y13, Y14
	VMOVUPS f32One<>(SB), Y10
	VSUBPS  Y14, Y10, Y10
	VADDPS  Y13, Y10, Y10
	VADDPS  Y9, Y10, Y10
	// x = df2MulDD(t, x) = (Y12, Y13).
	VMULPS      Y14, Y4, Y12
	VMOVAPS     Y4, Y13
	VFMSUB213PS Y12, Y14, Y13
	VFMADD231PS Y14, Y8, Y13
	VFMADD231PS Y10, Y4, Y13
	// x = df2Rec(x) where o.
	VMOVUPS      f32One<>(SB), Y14
	VDIVPS       Y12, Y14, Y14
	VMOVAPS      Y12, Y10
	VFNMADD213PS f32One<>(SB), Y14, Y10
	VFNMADD231PS Y14, Y13, Y10
	VMULPS       Y10, Y14, Y10
	VBLENDVPS    Y3, Y14, Y12, Y12
	VBLENDVPS    Y3, Y10, Y13, Y13
	VADDPS       Y13, Y12, Y9
	// tan(-0) = -0.
	VPCMPEQD  f32SignMask<>(SB), Y0, Y1
	VBLENDVPS Y1, Y0, Y9, Y9
	VMOVUPS   Y9, (DI)(AX*4)
	ADDQ $8, AX
	JMP  tanloop
tandone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
