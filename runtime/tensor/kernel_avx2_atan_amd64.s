//go:build amd64 && !purego

#include "textflag.h"

// AVX2 + FMA kernels for SLEEF's float32 atan, asin and acos
// (sleefAtanf, sleefAsinf, sleefAcosf in kernel_sleef_trig.go), 8 lanes
// at a time. As in kernel_avx2_amd64.s, each instruction is the IEEE
// operation the Go reference performs (fused where it calls fmaf), in the
// same order; the branches of the reference are both computed and
// blended. A vector of 8 holding a NaN (or, for asin and acos, an element
// with |x| > 1, whose result is a NaN) is left to Go, so that NaN
// payloads are the reference's own.

// Broadcast constants: 8 copies of one 32-bit pattern.

DATA atOne<>+0(SB)/4, $0x3f800000
DATA atOne<>+4(SB)/4, $0x3f800000
DATA atOne<>+8(SB)/4, $0x3f800000
DATA atOne<>+12(SB)/4, $0x3f800000
DATA atOne<>+16(SB)/4, $0x3f800000
DATA atOne<>+20(SB)/4, $0x3f800000
DATA atOne<>+24(SB)/4, $0x3f800000
DATA atOne<>+28(SB)/4, $0x3f800000
GLOBL atOne<>(SB), RODATA|NOPTR, $32

DATA atHalf<>+0(SB)/4, $0x3f000000
DATA atHalf<>+4(SB)/4, $0x3f000000
DATA atHalf<>+8(SB)/4, $0x3f000000
DATA atHalf<>+12(SB)/4, $0x3f000000
DATA atHalf<>+16(SB)/4, $0x3f000000
DATA atHalf<>+20(SB)/4, $0x3f000000
DATA atHalf<>+24(SB)/4, $0x3f000000
DATA atHalf<>+28(SB)/4, $0x3f000000
GLOBL atHalf<>(SB), RODATA|NOPTR, $32

DATA atNegOne<>+0(SB)/4, $0xbf800000
DATA atNegOne<>+4(SB)/4, $0xbf800000
DATA atNegOne<>+8(SB)/4, $0xbf800000
DATA atNegOne<>+12(SB)/4, $0xbf800000
DATA atNegOne<>+16(SB)/4, $0xbf800000
DATA atNegOne<>+20(SB)/4, $0xbf800000
DATA atNegOne<>+24(SB)/4, $0xbf800000
DATA atNegOne<>+28(SB)/4, $0xbf800000
GLOBL atNegOne<>(SB), RODATA|NOPTR, $32

DATA atInf<>+0(SB)/4, $0x7f800000
DATA atInf<>+4(SB)/4, $0x7f800000
DATA atInf<>+8(SB)/4, $0x7f800000
DATA atInf<>+12(SB)/4, $0x7f800000
DATA atInf<>+16(SB)/4, $0x7f800000
DATA atInf<>+20(SB)/4, $0x7f800000
DATA atInf<>+24(SB)/4, $0x7f800000
DATA atInf<>+28(SB)/4, $0x7f800000
GLOBL atInf<>(SB), RODATA|NOPTR, $32

DATA atPI4h<>+0(SB)/4, $0x3f490fdb
DATA atPI4h<>+4(SB)/4, $0x3f490fdb
DATA atPI4h<>+8(SB)/4, $0x3f490fdb
DATA atPI4h<>+12(SB)/4, $0x3f490fdb
DATA atPI4h<>+16(SB)/4, $0x3f490fdb
DATA atPI4h<>+20(SB)/4, $0x3f490fdb
DATA atPI4h<>+24(SB)/4, $0x3f490fdb
DATA atPI4h<>+28(SB)/4, $0x3f490fdb
GLOBL atPI4h<>(SB), RODATA|NOPTR, $32

DATA atPI4l<>+0(SB)/4, $0xb2bbbd2e
DATA atPI4l<>+4(SB)/4, $0xb2bbbd2e
DATA atPI4l<>+8(SB)/4, $0xb2bbbd2e
DATA atPI4l<>+12(SB)/4, $0xb2bbbd2e
DATA atPI4l<>+16(SB)/4, $0xb2bbbd2e
DATA atPI4l<>+20(SB)/4, $0xb2bbbd2e
DATA atPI4l<>+24(SB)/4, $0xb2bbbd2e
DATA atPI4l<>+28(SB)/4, $0xb2bbbd2e
GLOBL atPI4l<>(SB), RODATA|NOPTR, $32

DATA atPI2h<>+0(SB)/4, $0x3fc90fdb
DATA atPI2h<>+4(SB)/4, $0x3fc90fdb
DATA atPI2h<>+8(SB)/4, $0x3fc90fdb
DATA atPI2h<>+12(SB)/4, $0x3fc90fdb
DATA atPI2h<>+16(SB)/4, $0x3fc90fdb
DATA atPI2h<>+20(SB)/4, $0x3fc90fdb
DATA atPI2h<>+24(SB)/4, $0x3fc90fdb
DATA atPI2h<>+28(SB)/4, $0x3fc90fdb
GLOBL atPI2h<>(SB), RODATA|NOPTR, $32

DATA atPI2l<>+0(SB)/4, $0xb33bbd2e
DATA atPI2l<>+4(SB)/4, $0xb33bbd2e
DATA atPI2l<>+8(SB)/4, $0xb33bbd2e
DATA atPI2l<>+12(SB)/4, $0xb33bbd2e
DATA atPI2l<>+16(SB)/4, $0xb33bbd2e
DATA atPI2l<>+20(SB)/4, $0xb33bbd2e
DATA atPI2l<>+24(SB)/4, $0xb33bbd2e
DATA atPI2l<>+28(SB)/4, $0xb33bbd2e
GLOBL atPI2l<>(SB), RODATA|NOPTR, $32

DATA atPIh<>+0(SB)/4, $0x40490fdb
DATA atPIh<>+4(SB)/4, $0x40490fdb
DATA atPIh<>+8(SB)/4, $0x40490fdb
DATA atPIh<>+12(SB)/4, $0x40490fdb
DATA atPIh<>+16(SB)/4, $0x40490fdb
DATA atPIh<>+20(SB)/4, $0x40490fdb
DATA atPIh<>+24(SB)/4, $0x40490fdb
DATA atPIh<>+28(SB)/4, $0x40490fdb
GLOBL atPIh<>(SB), RODATA|NOPTR, $32

DATA atPIl<>+0(SB)/4, $0xb3bbbd2e
DATA atPIl<>+4(SB)/4, $0xb3bbbd2e
DATA atPIl<>+8(SB)/4, $0xb3bbbd2e
DATA atPIl<>+12(SB)/4, $0xb3bbbd2e
DATA atPIl<>+16(SB)/4, $0xb3bbbd2e
DATA atPIl<>+20(SB)/4, $0xb3bbbd2e
DATA atPIl<>+24(SB)/4, $0xb3bbbd2e
DATA atPIl<>+28(SB)/4, $0xb3bbbd2e
GLOBL atPIl<>(SB), RODATA|NOPTR, $32

DATA atAS0<>+0(SB)/4, $0x3d2bed81
DATA atAS0<>+4(SB)/4, $0x3d2bed81
DATA atAS0<>+8(SB)/4, $0x3d2bed81
DATA atAS0<>+12(SB)/4, $0x3d2bed81
DATA atAS0<>+16(SB)/4, $0x3d2bed81
DATA atAS0<>+20(SB)/4, $0x3d2bed81
DATA atAS0<>+24(SB)/4, $0x3d2bed81
DATA atAS0<>+28(SB)/4, $0x3d2bed81
GLOBL atAS0<>(SB), RODATA|NOPTR, $32

DATA atAS1<>+0(SB)/4, $0x3cc693ee
DATA atAS1<>+4(SB)/4, $0x3cc693ee
DATA atAS1<>+8(SB)/4, $0x3cc693ee
DATA atAS1<>+12(SB)/4, $0x3cc693ee
DATA atAS1<>+16(SB)/4, $0x3cc693ee
DATA atAS1<>+20(SB)/4, $0x3cc693ee
DATA atAS1<>+24(SB)/4, $0x3cc693ee
DATA atAS1<>+28(SB)/4, $0x3cc693ee
GLOBL atAS1<>(SB), RODATA|NOPTR, $32

DATA atAS2<>+0(SB)/4, $0x3d3a4332
DATA atAS2<>+4(SB)/4, $0x3d3a4332
DATA atAS2<>+8(SB)/4, $0x3d3a4332
DATA atAS2<>+12(SB)/4, $0x3d3a4332
DATA atAS2<>+16(SB)/4, $0x3d3a4332
DATA atAS2<>+20(SB)/4, $0x3d3a4332
DATA atAS2<>+24(SB)/4, $0x3d3a4332
DATA atAS2<>+28(SB)/4, $0x3d3a4332
GLOBL atAS2<>(SB), RODATA|NOPTR, $32

DATA atAS3<>+0(SB)/4, $0x3d997f8a
DATA atAS3<>+4(SB)/4, $0x3d997f8a
DATA atAS3<>+8(SB)/4, $0x3d997f8a
DATA atAS3<>+12(SB)/4, $0x3d997f8a
DATA atAS3<>+16(SB)/4, $0x3d997f8a
DATA atAS3<>+20(SB)/4, $0x3d997f8a
DATA atAS3<>+24(SB)/4, $0x3d997f8a
DATA atAS3<>+28(SB)/4, $0x3d997f8a
GLOBL atAS3<>(SB), RODATA|NOPTR, $32

DATA atAS4<>+0(SB)/4, $0x3e2aaaf2
DATA atAS4<>+4(SB)/4, $0x3e2aaaf2
DATA atAS4<>+8(SB)/4, $0x3e2aaaf2
DATA atAS4<>+12(SB)/4, $0x3e2aaaf2
DATA atAS4<>+16(SB)/4, $0x3e2aaaf2
DATA atAS4<>+20(SB)/4, $0x3e2aaaf2
DATA atAS4<>+24(SB)/4, $0x3e2aaaf2
DATA atAS4<>+28(SB)/4, $0x3e2aaaf2
GLOBL atAS4<>(SB), RODATA|NOPTR, $32

DATA atAT0<>+0(SB)/4, $0xbae73551
DATA atAT0<>+4(SB)/4, $0xbae73551
DATA atAT0<>+8(SB)/4, $0xbae73551
DATA atAT0<>+12(SB)/4, $0xbae73551
DATA atAT0<>+16(SB)/4, $0xbae73551
DATA atAT0<>+20(SB)/4, $0xbae73551
DATA atAT0<>+24(SB)/4, $0xbae73551
DATA atAT0<>+28(SB)/4, $0xbae73551
GLOBL atAT0<>(SB), RODATA|NOPTR, $32

DATA atAT1<>+0(SB)/4, $0x3c30c8eb
DATA atAT1<>+4(SB)/4, $0x3c30c8eb
DATA atAT1<>+8(SB)/4, $0x3c30c8eb
DATA atAT1<>+12(SB)/4, $0x3c30c8eb
DATA atAT1<>+16(SB)/4, $0x3c30c8eb
DATA atAT1<>+20(SB)/4, $0x3c30c8eb
DATA atAT1<>+24(SB)/4, $0x3c30c8eb
DATA atAT1<>+28(SB)/4, $0x3c30c8eb
GLOBL atAT1<>(SB), RODATA|NOPTR, $32

DATA atAT2<>+0(SB)/4, $0xbcfd9867
DATA atAT2<>+4(SB)/4, $0xbcfd9867
DATA atAT2<>+8(SB)/4, $0xbcfd9867
DATA atAT2<>+12(SB)/4, $0xbcfd9867
DATA atAT2<>+16(SB)/4, $0xbcfd9867
DATA atAT2<>+20(SB)/4, $0xbcfd9867
DATA atAT2<>+24(SB)/4, $0xbcfd9867
DATA atAT2<>+28(SB)/4, $0xbcfd9867
GLOBL atAT2<>(SB), RODATA|NOPTR, $32

DATA atAT3<>+0(SB)/4, $0x3d6c7d1e
DATA atAT3<>+4(SB)/4, $0x3d6c7d1e
DATA atAT3<>+8(SB)/4, $0x3d6c7d1e
DATA atAT3<>+12(SB)/4, $0x3d6c7d1e
DATA atAT3<>+16(SB)/4, $0x3d6c7d1e
DATA atAT3<>+20(SB)/4, $0x3d6c7d1e
DATA atAT3<>+24(SB)/4, $0x3d6c7d1e
DATA atAT3<>+28(SB)/4, $0x3d6c7d1e
GLOBL atAT3<>(SB), RODATA|NOPTR, $32

DATA atAT4<>+0(SB)/4, $0xbdabd12e
DATA atAT4<>+4(SB)/4, $0xbdabd12e
DATA atAT4<>+8(SB)/4, $0xbdabd12e
DATA atAT4<>+12(SB)/4, $0xbdabd12e
DATA atAT4<>+16(SB)/4, $0xbdabd12e
DATA atAT4<>+20(SB)/4, $0xbdabd12e
DATA atAT4<>+24(SB)/4, $0xbdabd12e
DATA atAT4<>+28(SB)/4, $0xbdabd12e
GLOBL atAT4<>(SB), RODATA|NOPTR, $32

DATA atAT5<>+0(SB)/4, $0x3de02e6e
DATA atAT5<>+4(SB)/4, $0x3de02e6e
DATA atAT5<>+8(SB)/4, $0x3de02e6e
DATA atAT5<>+12(SB)/4, $0x3de02e6e
DATA atAT5<>+16(SB)/4, $0x3de02e6e
DATA atAT5<>+20(SB)/4, $0x3de02e6e
DATA atAT5<>+24(SB)/4, $0x3de02e6e
DATA atAT5<>+28(SB)/4, $0x3de02e6e
GLOBL atAT5<>(SB), RODATA|NOPTR, $32

DATA atAT6<>+0(SB)/4, $0xbe120cc4
DATA atAT6<>+4(SB)/4, $0xbe120cc4
DATA atAT6<>+8(SB)/4, $0xbe120cc4
DATA atAT6<>+12(SB)/4, $0xbe120cc4
DATA atAT6<>+16(SB)/4, $0xbe120cc4
DATA atAT6<>+20(SB)/4, $0xbe120cc4
DATA atAT6<>+24(SB)/4, $0xbe120cc4
DATA atAT6<>+28(SB)/4, $0xbe120cc4
GLOBL atAT6<>(SB), RODATA|NOPTR, $32

DATA atAT7<>+0(SB)/4, $0x3e4cc865
DATA atAT7<>+4(SB)/4, $0x3e4cc865
DATA atAT7<>+8(SB)/4, $0x3e4cc865
DATA atAT7<>+12(SB)/4, $0x3e4cc865
DATA atAT7<>+16(SB)/4, $0x3e4cc865
DATA atAT7<>+20(SB)/4, $0x3e4cc865
DATA atAT7<>+24(SB)/4, $0x3e4cc865
DATA atAT7<>+28(SB)/4, $0x3e4cc865
GLOBL atAT7<>(SB), RODATA|NOPTR, $32

DATA atAT8<>+0(SB)/4, $0xbeaaaa9b
DATA atAT8<>+4(SB)/4, $0xbeaaaa9b
DATA atAT8<>+8(SB)/4, $0xbeaaaa9b
DATA atAT8<>+12(SB)/4, $0xbeaaaa9b
DATA atAT8<>+16(SB)/4, $0xbeaaaa9b
DATA atAT8<>+20(SB)/4, $0xbeaaaa9b
DATA atAT8<>+24(SB)/4, $0xbeaaaa9b
DATA atAT8<>+28(SB)/4, $0xbeaaaa9b
GLOBL atAT8<>(SB), RODATA|NOPTR, $32

DATA atAbsMask<>+0(SB)/4, $0x7fffffff
DATA atAbsMask<>+4(SB)/4, $0x7fffffff
DATA atAbsMask<>+8(SB)/4, $0x7fffffff
DATA atAbsMask<>+12(SB)/4, $0x7fffffff
DATA atAbsMask<>+16(SB)/4, $0x7fffffff
DATA atAbsMask<>+20(SB)/4, $0x7fffffff
DATA atAbsMask<>+24(SB)/4, $0x7fffffff
DATA atAbsMask<>+28(SB)/4, $0x7fffffff
GLOBL atAbsMask<>(SB), RODATA|NOPTR, $32

DATA atSignMask<>+0(SB)/4, $0x80000000
DATA atSignMask<>+4(SB)/4, $0x80000000
DATA atSignMask<>+8(SB)/4, $0x80000000
DATA atSignMask<>+12(SB)/4, $0x80000000
DATA atSignMask<>+16(SB)/4, $0x80000000
DATA atSignMask<>+20(SB)/4, $0x80000000
DATA atSignMask<>+24(SB)/4, $0x80000000
DATA atSignMask<>+28(SB)/4, $0x80000000
GLOBL atSignMask<>(SB), RODATA|NOPTR, $32

// ATDOMAIN sets the flags for JNE to branch when the 8 floats in Y0 do
// not all have |x| <= bound (NaNs included); Y15 = |x|. Clobbers Y1, BX.
#define ATDOMAIN(bound) \
	VANDPS    atAbsMask<>(SB), Y0, Y15 \
	VCMPPS    $2, bound, Y15, Y1 \
	VMOVMSKPS Y1, BX \
	CMPL      BX, $0xff

// ASINACOSARG is asinAcosArg and the product u = P(x2)*(x2*x.x) shared
// by asin and acos, for d = Y0, a = |d| = Y15 (|d| <= 1): o = a < 0.5
// (Y1), x2 (Y2), x = (Y8, Y10), u (Y12). Clobbers Y3-Y13. Both branches:
// x2 = (1-a)/2 (Y3); df2SqrtF(Y3): t = sqrt (Y4), df2MulFF(t, t) =
// (Y5, Y6), df2Add2FD(x2, that) = (Y7, Y9), df2RecF(t) = (Y5, Y6), their
// df2MulDD halved = (Y8, Y10); then where o, x2 = d*d and x = (a, 0),
// where a == 1, x = (0, 0); u = asinAcosPoly(x2) * (x2*x.x).
#define ASINACOSARG \
	VCMPPS       $1, atHalf<>(SB), Y15, Y1 \
	VMULPS       Y0, Y0, Y2 \
	VMOVUPS      atOne<>(SB), Y3 \
	VSUBPS       Y15, Y3, Y3 \
	VMULPS       atHalf<>(SB), Y3, Y3 \
	VSQRTPS      Y3, Y4 \
	VMULPS       Y4, Y4, Y5 \
	VMOVAPS      Y4, Y6 \
	VFMSUB213PS  Y5, Y4, Y6 \
	VADDPS       Y5, Y3, Y7 \
	VSUBPS       Y3, Y7, Y8 \
	VSUBPS       Y8, Y7, Y9 \
	VSUBPS       Y9, Y3, Y9 \
	VSUBPS       Y8, Y5, Y8 \
	VADDPS       Y8, Y9, Y9 \
	VADDPS       Y6, Y9, Y9 \
	VMOVUPS      atOne<>(SB), Y5 \
	VDIVPS       Y4, Y5, Y5 \
	VMOVAPS      Y4, Y6 \
	VFNMADD213PS atOne<>(SB), Y5, Y6 \
	VMULPS       Y6, Y5, Y6 \
	VMULPS       Y5, Y7, Y8 \
	VMOVAPS      Y7, Y10 \
	VFMSUB213PS  Y8, Y5, Y10 \
	VFMADD231PS  Y9, Y5, Y10 \
	VFMADD231PS  Y7, Y6, Y10 \
	VMULPS       atHalf<>(SB), Y8, Y8 \
	VMULPS       atHalf<>(SB), Y10, Y10 \
	VBLENDVPS    Y1, Y2, Y3, Y2 \
	VBLENDVPS    Y1, Y15, Y8, Y8 \
	VANDNPS      Y10, Y1, Y10 \
	VCMPPS       $0, atOne<>(SB), Y15, Y11 \
	VANDNPS      Y8, Y11, Y8 \
	VANDNPS      Y10, Y11, Y10 \
	VMOVUPS      atAS0<>(SB), Y12 \
	VFMADD213PS  atAS1<>(SB), Y2, Y12 \
	VFMADD213PS  atAS2<>(SB), Y2, Y12 \
	VFMADD213PS  atAS3<>(SB), Y2, Y12 \
	VFMADD213PS  atAS4<>(SB), Y2, Y12 \
	VMULPS       Y8, Y2, Y13 \
	VMULPS       Y13, Y12, Y12

// func asinf32AVX2(dst, src *float32, n int) int
// dst = sleefAsinf(src) for the vectors of 8 from the start of src (n a
// multiple of 8) up to the first holding a NaN or an |x| > 1; returns
// how many elements it wrote.
TEXT ·asinf32AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
asinloop:
	CMPQ AX, CX
	JGE  asindone
	VMOVUPS (SI)(AX*4), Y0
	ATDOMAIN(atOne<>(SB))
	JNE  asindone
	ASINACOSARG
	// Where o: r = u + x.x (Y3).
	VADDPS Y8, Y12, Y3
	// Else: y = df2SubDD(pi/4, x) = (Y5, Y6).
	VMOVUPS atPI4h<>(SB), Y4
	VSUBPS  Y8, Y4, Y5
	VSUBPS  Y5, Y4, Y6
	VSUBPS  Y8, Y6, Y6
	VADDPS  atPI4l<>(SB), Y6, Y6
	VSUBPS  Y10, Y6, Y6
	// y = df2SubDF(y, u) = (Y7, Y9); r = (y.x + y.y)*2 (Y7).
	VSUBPS Y12, Y5, Y7
	VSUBPS Y7, Y5, Y9
	VSUBPS Y12, Y9, Y9
	VADDPS Y6, Y9, Y9
	VADDPS Y9, Y7, Y7
	VADDPS Y7, Y7, Y7
	// mulsignf(r, d).
	VBLENDVPS Y1, Y3, Y7, Y3
	VANDPS    atSignMask<>(SB), Y0, Y4
	VXORPS    Y4, Y3, Y3
	VMOVUPS   Y3, (DI)(AX*4)
	ADDQ $8, AX
	JMP  asinloop
asindone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func acosf32AVX2(dst, src *float32, n int) int
// acosf32AVX2 is asinf32AVX2 for sleefAcosf.
TEXT ·acosf32AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
acosloop:
	CMPQ AX, CX
	JGE  acosdone
	VMOVUPS (SI)(AX*4), Y0
	ATDOMAIN(atOne<>(SB))
	JNE  acosdone
	ASINACOSARG
	// Where o: p = df2Add(mulsignf(x.x, d), mulsignf(u, d)) = (Y7, Y9).
	VANDPS atSignMask<>(SB), Y0, Y4
	VXORPS Y4, Y8, Y5
	VXORPS Y4, Y12, Y6
	VADDPS Y6, Y5, Y7
	VSUBPS Y7, Y5, Y9
	VADDPS Y6, Y9, Y9
	// y = df2SubDD(pi/2, p) = (Y5, Y6); r = y.x + y.y (Y3).
	VMOVUPS atPI2h<>(SB), Y3
	VSUBPS  Y7, Y3, Y5
	VSUBPS  Y5, Y3, Y6
	VSUBPS  Y7, Y6, Y6
	VADDPS  atPI2l<>(SB), Y6, Y6
	VSUBPS  Y9, Y6, Y6
	VADDPS  Y6, Y5, Y3
	// Else: x = df2AddDF(x, u) = (Y5, Y6); y = 2x.
	VADDPS Y12, Y8, Y5
	VSUBPS Y5, Y8, Y6
	VADDPS Y12, Y6, Y6
	VADDPS Y10, Y6, Y6
	VADDPS Y5, Y5, Y5
	VADDPS Y6, Y6, Y6
	// Where d < 0 (Y14): y = df2SubDD(pi, y) = (Y9, Y7).
	VXORPS  Y13, Y13, Y13
	VCMPPS  $1, Y13, Y0, Y14
	VMOVUPS atPIh<>(SB), Y7
	VSUBPS  Y5, Y7, Y9
	VSUBPS  Y9, Y7, Y7
	VSUBPS  Y5, Y7, Y7
	VADDPS  atPIl<>(SB), Y7, Y7
	VSUBPS  Y6, Y7, Y7
	VBLENDVPS Y14, Y9, Y5, Y5
	VBLENDVPS Y14, Y7, Y6, Y6
	VADDPS    Y6, Y5, Y5
	VBLENDVPS Y1, Y3, Y5, Y3
	VMOVUPS   Y3, (DI)(AX*4)
	ADDQ $8, AX
	JMP  acosloop
acosdone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET

// func atanf32AVX2(dst, src *float32, n int) int
// atanf32AVX2 is asinf32AVX2 for sleefAtanf, stopping at a vector of 8
// holding a NaN only.
TEXT ·atanf32AVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
atanloop:
	CMPQ AX, CX
	JGE  atandone
	VMOVUPS (SI)(AX*4), Y0
	ATDOMAIN(atInf<>(SB))
	JNE  atandone
	// Where 1 < a (Y1): n = (-1, -0), m = (a, 0), q = 1 (Y13); else
	// n = (a, 0), m = (1, 0), q = 0. n.x Y2, m.x Y3; Y14 = 1.
	VMOVUPS   atOne<>(SB), Y14
	VCMPPS    $1, Y15, Y14, Y1
	VBLENDVPS Y1, atNegOne<>(SB), Y15, Y2
	VBLENDVPS Y1, Y15, Y14, Y3
	VANDPS    Y14, Y1, Y13
	// s = df2Div(n, m) = (Y5, Y7): t = 1/m.x (Y4), qx = n.x*t (Y5),
	// u = fmaf(t, n.x, -qx) (Y6), fmaf(-m.x, t, 1) (Y7); with m.y = 0
	// and n.y = ±0 the steps fmaf(-m.y, t, z) and fmaf(n.y, t, u) give
	// z and u back.
	VDIVPS       Y3, Y14, Y4
	VMULPS       Y4, Y2, Y5
	VMOVAPS      Y4, Y6
	VFMSUB213PS  Y5, Y2, Y6
	VMOVAPS      Y3, Y7
	VFNMADD213PS Y14, Y4, Y7
	VFMADD213PS  Y6, Y5, Y7
	// t = df2Norm(df2Squ(s)) = (Y10, Y11).
	VMULPS      Y5, Y5, Y8
	VMOVAPS     Y5, Y9
	VFMSUB213PS Y8, Y5, Y9
	VADDPS      Y5, Y5, Y10
	VFMADD231PS Y7, Y10, Y9
	VADDPS      Y9, Y8, Y10
	VSUBPS      Y10, Y8, Y8
	VADDPS      Y9, Y8, Y11
	// u = P(t.x) (Y12); df2Add(C8, u*t.x) = (Y8, Y6).
	VMOVUPS     atAT0<>(SB), Y12
	VFMADD213PS atAT1<>(SB), Y10, Y12
	VFMADD213PS atAT2<>(SB), Y10, Y12
	VFMADD213PS atAT3<>(SB), Y10, Y12
	VFMADD213PS atAT4<>(SB), Y10, Y12
	VFMADD213PS atAT5<>(SB), Y10, Y12
	VFMADD213PS atAT6<>(SB), Y10, Y12
	VFMADD213PS atAT7<>(SB), Y10, Y12
	VMULPS      Y10, Y12, Y12
	VMOVUPS     atAT8<>(SB), Y6
	VADDPS      Y12, Y6, Y8
	VSUBPS      Y8, Y6, Y6
	VADDPS      Y12, Y6, Y6
	// t = df2MulDD(t, (Y8, Y6)) = (Y9, Y12).
	VMULPS      Y8, Y10, Y9
	VMOVAPS     Y10, Y12
	VFMSUB213PS Y9, Y8, Y12
	VFMADD231PS Y11, Y8, Y12
	VFMADD231PS Y10, Y6, Y12
	// df2AddFD(1, t) = (Y10, Y11).
	VADDPS Y9, Y14, Y10
	VSUBPS Y10, Y14, Y11
	VADDPS Y9, Y11, Y11
	VADDPS Y12, Y11, Y11
	// t = df2MulDD(s, (Y10, Y11)) = (Y8, Y9).
	VMULPS      Y10, Y5, Y8
	VMOVAPS     Y5, Y9
	VFMSUB213PS Y8, Y10, Y9
	VFMADD231PS Y7, Y10, Y9
	VFMADD231PS Y5, Y11, Y9
	// df2MulF(pi/2, q) = (Y10, Y12).
	VMULPS      atPI2h<>(SB), Y13, Y10
	VMOVUPS     atPI2h<>(SB), Y11
	VFMSUB213PS Y10, Y13, Y11
	VMOVUPS     atPI2l<>(SB), Y12
	VFMADD213PS Y11, Y13, Y12
	// t = df2AddDD((Y10, Y12), t) = (Y11, Y10); r = t.x + t.y (Y11).
	VADDPS Y8, Y10, Y11
	VSUBPS Y11, Y10, Y10
	VADDPS Y8, Y10, Y10
	VADDPS Y12, Y10, Y10
	VADDPS Y9, Y10, Y10
	VADDPS Y10, Y11, Y11
	// r = pi/2 where d is infinite; mulsignf(r, d).
	VCMPPS    $0, atInf<>(SB), Y15, Y2
	VBLENDVPS Y2, atPI2h<>(SB), Y11, Y11
	VANDPS    atSignMask<>(SB), Y0, Y4
	VXORPS    Y4, Y11, Y11
	VMOVUPS   Y11, (DI)(AX*4)
	ADDQ $8, AX
	JMP  atanloop
atandone:
	MOVQ AX, ret+24(FP)
	VZEROUPPER
	RET
