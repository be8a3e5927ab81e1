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
