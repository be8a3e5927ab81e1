//go:build amd64 && !purego

#include "textflag.h"

// AVX2 + FMA kernels for SLEEF's float32 log2, log10, log1p, expm1, sinh
// and cosh (kernel_sleef_exp.go): each computes exactly what its Go
// reference computes, lane by lane, with the same IEEE operations in the
// same order (fused multiply-adds where the reference calls fmaf). n, a
// multiple of 8, elements from src are written to dst; dst may be src.

// Broadcast constants: 8 copies of one 32-bit pattern.

DATA lgOne<>+0(SB)/4, $0x3f800000
DATA lgOne<>+4(SB)/4, $0x3f800000
DATA lgOne<>+8(SB)/4, $0x3f800000
DATA lgOne<>+12(SB)/4, $0x3f800000
DATA lgOne<>+16(SB)/4, $0x3f800000
DATA lgOne<>+20(SB)/4, $0x3f800000
DATA lgOne<>+24(SB)/4, $0x3f800000
DATA lgOne<>+28(SB)/4, $0x3f800000
GLOBL lgOne<>(SB), RODATA|NOPTR, $32

DATA lgNegOne<>+0(SB)/4, $0xbf800000
DATA lgNegOne<>+4(SB)/4, $0xbf800000
DATA lgNegOne<>+8(SB)/4, $0xbf800000
DATA lgNegOne<>+12(SB)/4, $0xbf800000
DATA lgNegOne<>+16(SB)/4, $0xbf800000
DATA lgNegOne<>+20(SB)/4, $0xbf800000
DATA lgNegOne<>+24(SB)/4, $0xbf800000
DATA lgNegOne<>+28(SB)/4, $0xbf800000
GLOBL lgNegOne<>(SB), RODATA|NOPTR, $32

DATA lgHalf<>+0(SB)/4, $0x3f000000
DATA lgHalf<>+4(SB)/4, $0x3f000000
DATA lgHalf<>+8(SB)/4, $0x3f000000
DATA lgHalf<>+12(SB)/4, $0x3f000000
DATA lgHalf<>+16(SB)/4, $0x3f000000
DATA lgHalf<>+20(SB)/4, $0x3f000000
DATA lgHalf<>+24(SB)/4, $0x3f000000
DATA lgHalf<>+28(SB)/4, $0x3f000000
GLOBL lgHalf<>(SB), RODATA|NOPTR, $32

DATA lgTwo<>+0(SB)/4, $0x40000000
DATA lgTwo<>+4(SB)/4, $0x40000000
DATA lgTwo<>+8(SB)/4, $0x40000000
DATA lgTwo<>+12(SB)/4, $0x40000000
DATA lgTwo<>+16(SB)/4, $0x40000000
DATA lgTwo<>+20(SB)/4, $0x40000000
DATA lgTwo<>+24(SB)/4, $0x40000000
DATA lgTwo<>+28(SB)/4, $0x40000000
GLOBL lgTwo<>(SB), RODATA|NOPTR, $32

DATA lgInf<>+0(SB)/4, $0x7f800000
DATA lgInf<>+4(SB)/4, $0x7f800000
DATA lgInf<>+8(SB)/4, $0x7f800000
DATA lgInf<>+12(SB)/4, $0x7f800000
DATA lgInf<>+16(SB)/4, $0x7f800000
DATA lgInf<>+20(SB)/4, $0x7f800000
DATA lgInf<>+24(SB)/4, $0x7f800000
DATA lgInf<>+28(SB)/4, $0x7f800000
GLOBL lgInf<>(SB), RODATA|NOPTR, $32

DATA lgNegInf<>+0(SB)/4, $0xff800000
DATA lgNegInf<>+4(SB)/4, $0xff800000
DATA lgNegInf<>+8(SB)/4, $0xff800000
DATA lgNegInf<>+12(SB)/4, $0xff800000
DATA lgNegInf<>+16(SB)/4, $0xff800000
DATA lgNegInf<>+20(SB)/4, $0xff800000
DATA lgNegInf<>+24(SB)/4, $0xff800000
DATA lgNegInf<>+28(SB)/4, $0xff800000
GLOBL lgNegInf<>(SB), RODATA|NOPTR, $32

DATA lgMinNorm<>+0(SB)/4, $0x00800000
DATA lgMinNorm<>+4(SB)/4, $0x00800000
DATA lgMinNorm<>+8(SB)/4, $0x00800000
DATA lgMinNorm<>+12(SB)/4, $0x00800000
DATA lgMinNorm<>+16(SB)/4, $0x00800000
DATA lgMinNorm<>+20(SB)/4, $0x00800000
DATA lgMinNorm<>+24(SB)/4, $0x00800000
DATA lgMinNorm<>+28(SB)/4, $0x00800000
GLOBL lgMinNorm<>(SB), RODATA|NOPTR, $32

DATA lgTwo64<>+0(SB)/4, $0x5f800000
DATA lgTwo64<>+4(SB)/4, $0x5f800000
DATA lgTwo64<>+8(SB)/4, $0x5f800000
DATA lgTwo64<>+12(SB)/4, $0x5f800000
DATA lgTwo64<>+16(SB)/4, $0x5f800000
DATA lgTwo64<>+20(SB)/4, $0x5f800000
DATA lgTwo64<>+24(SB)/4, $0x5f800000
DATA lgTwo64<>+28(SB)/4, $0x5f800000
GLOBL lgTwo64<>(SB), RODATA|NOPTR, $32

DATA lgFourThirds<>+0(SB)/4, $0x3faaaaab
DATA lgFourThirds<>+4(SB)/4, $0x3faaaaab
DATA lgFourThirds<>+8(SB)/4, $0x3faaaaab
DATA lgFourThirds<>+12(SB)/4, $0x3faaaaab
DATA lgFourThirds<>+16(SB)/4, $0x3faaaaab
DATA lgFourThirds<>+20(SB)/4, $0x3faaaaab
DATA lgFourThirds<>+24(SB)/4, $0x3faaaaab
DATA lgFourThirds<>+28(SB)/4, $0x3faaaaab
GLOBL lgFourThirds<>(SB), RODATA|NOPTR, $32

DATA lgL2C0<>+0(SB)/4, $0x3edffa1b
DATA lgL2C0<>+4(SB)/4, $0x3edffa1b
DATA lgL2C0<>+8(SB)/4, $0x3edffa1b
DATA lgL2C0<>+12(SB)/4, $0x3edffa1b
DATA lgL2C0<>+16(SB)/4, $0x3edffa1b
DATA lgL2C0<>+20(SB)/4, $0x3edffa1b
DATA lgL2C0<>+24(SB)/4, $0x3edffa1b
DATA lgL2C0<>+28(SB)/4, $0x3edffa1b
GLOBL lgL2C0<>(SB), RODATA|NOPTR, $32

DATA lgL2C1<>+0(SB)/4, $0x3f139421
DATA lgL2C1<>+4(SB)/4, $0x3f139421
DATA lgL2C1<>+8(SB)/4, $0x3f139421
DATA lgL2C1<>+12(SB)/4, $0x3f139421
DATA lgL2C1<>+16(SB)/4, $0x3f139421
DATA lgL2C1<>+20(SB)/4, $0x3f139421
DATA lgL2C1<>+24(SB)/4, $0x3f139421
DATA lgL2C1<>+28(SB)/4, $0x3f139421
GLOBL lgL2C1<>(SB), RODATA|NOPTR, $32

DATA lgL2C2<>+0(SB)/4, $0x3f76389c
DATA lgL2C2<>+4(SB)/4, $0x3f76389c
DATA lgL2C2<>+8(SB)/4, $0x3f76389c
DATA lgL2C2<>+12(SB)/4, $0x3f76389c
DATA lgL2C2<>+16(SB)/4, $0x3f76389c
DATA lgL2C2<>+20(SB)/4, $0x3f76389c
DATA lgL2C2<>+24(SB)/4, $0x3f76389c
DATA lgL2C2<>+28(SB)/4, $0x3f76389c
GLOBL lgL2C2<>(SB), RODATA|NOPTR, $32

DATA lgL2Kx<>+0(SB)/4, $0x4038aa3b
DATA lgL2Kx<>+4(SB)/4, $0x4038aa3b
DATA lgL2Kx<>+8(SB)/4, $0x4038aa3b
DATA lgL2Kx<>+12(SB)/4, $0x4038aa3b
DATA lgL2Kx<>+16(SB)/4, $0x4038aa3b
DATA lgL2Kx<>+20(SB)/4, $0x4038aa3b
DATA lgL2Kx<>+24(SB)/4, $0x4038aa3b
DATA lgL2Kx<>+28(SB)/4, $0x4038aa3b
GLOBL lgL2Kx<>(SB), RODATA|NOPTR, $32

DATA lgL2Ky<>+0(SB)/4, $0x330c97ef
DATA lgL2Ky<>+4(SB)/4, $0x330c97ef
DATA lgL2Ky<>+8(SB)/4, $0x330c97ef
DATA lgL2Ky<>+12(SB)/4, $0x330c97ef
DATA lgL2Ky<>+16(SB)/4, $0x330c97ef
DATA lgL2Ky<>+20(SB)/4, $0x330c97ef
DATA lgL2Ky<>+24(SB)/4, $0x330c97ef
DATA lgL2Ky<>+28(SB)/4, $0x330c97ef
GLOBL lgL2Ky<>(SB), RODATA|NOPTR, $32

DATA lgL10C0<>+0(SB)/4, $0x3e069552
DATA lgL10C0<>+4(SB)/4, $0x3e069552
DATA lgL10C0<>+8(SB)/4, $0x3e069552
DATA lgL10C0<>+12(SB)/4, $0x3e069552
DATA lgL10C0<>+16(SB)/4, $0x3e069552
DATA lgL10C0<>+20(SB)/4, $0x3e069552
DATA lgL10C0<>+24(SB)/4, $0x3e069552
DATA lgL10C0<>+28(SB)/4, $0x3e069552
GLOBL lgL10C0<>(SB), RODATA|NOPTR, $32

DATA lgL10C1<>+0(SB)/4, $0x3e31b6ec
DATA lgL10C1<>+4(SB)/4, $0x3e31b6ec
DATA lgL10C1<>+8(SB)/4, $0x3e31b6ec
DATA lgL10C1<>+12(SB)/4, $0x3e31b6ec
DATA lgL10C1<>+16(SB)/4, $0x3e31b6ec
DATA lgL10C1<>+20(SB)/4, $0x3e31b6ec
DATA lgL10C1<>+24(SB)/4, $0x3e31b6ec
DATA lgL10C1<>+28(SB)/4, $0x3e31b6ec
GLOBL lgL10C1<>(SB), RODATA|NOPTR, $32

DATA lgL10C2<>+0(SB)/4, $0x3e943d67
DATA lgL10C2<>+4(SB)/4, $0x3e943d67
DATA lgL10C2<>+8(SB)/4, $0x3e943d67
DATA lgL10C2<>+12(SB)/4, $0x3e943d67
DATA lgL10C2<>+16(SB)/4, $0x3e943d67
DATA lgL10C2<>+20(SB)/4, $0x3e943d67
DATA lgL10C2<>+24(SB)/4, $0x3e943d67
DATA lgL10C2<>+28(SB)/4, $0x3e943d67
GLOBL lgL10C2<>(SB), RODATA|NOPTR, $32

DATA lgL10K1x<>+0(SB)/4, $0x3e9a209b
DATA lgL10K1x<>+4(SB)/4, $0x3e9a209b
DATA lgL10K1x<>+8(SB)/4, $0x3e9a209b
DATA lgL10K1x<>+12(SB)/4, $0x3e9a209b
DATA lgL10K1x<>+16(SB)/4, $0x3e9a209b
DATA lgL10K1x<>+20(SB)/4, $0x3e9a209b
DATA lgL10K1x<>+24(SB)/4, $0x3e9a209b
DATA lgL10K1x<>+28(SB)/4, $0x3e9a209b
GLOBL lgL10K1x<>(SB), RODATA|NOPTR, $32

DATA lgL10K1y<>+0(SB)/4, $0xb2760860
DATA lgL10K1y<>+4(SB)/4, $0xb2760860
DATA lgL10K1y<>+8(SB)/4, $0xb2760860
DATA lgL10K1y<>+12(SB)/4, $0xb2760860
DATA lgL10K1y<>+16(SB)/4, $0xb2760860
DATA lgL10K1y<>+20(SB)/4, $0xb2760860
DATA lgL10K1y<>+24(SB)/4, $0xb2760860
DATA lgL10K1y<>+28(SB)/4, $0xb2760860
GLOBL lgL10K1y<>(SB), RODATA|NOPTR, $32

DATA lgL10K2x<>+0(SB)/4, $0x3f5e5bd9
DATA lgL10K2x<>+4(SB)/4, $0x3f5e5bd9
DATA lgL10K2x<>+8(SB)/4, $0x3f5e5bd9
DATA lgL10K2x<>+12(SB)/4, $0x3f5e5bd9
DATA lgL10K2x<>+16(SB)/4, $0x3f5e5bd9
DATA lgL10K2x<>+20(SB)/4, $0x3f5e5bd9
DATA lgL10K2x<>+24(SB)/4, $0x3f5e5bd9
DATA lgL10K2x<>+28(SB)/4, $0x3f5e5bd9
GLOBL lgL10K2x<>(SB), RODATA|NOPTR, $32

DATA lgL10K2y<>+0(SB)/4, $0xb2ba7775
DATA lgL10K2y<>+4(SB)/4, $0xb2ba7775
DATA lgL10K2y<>+8(SB)/4, $0xb2ba7775
DATA lgL10K2y<>+12(SB)/4, $0xb2ba7775
DATA lgL10K2y<>+16(SB)/4, $0xb2ba7775
DATA lgL10K2y<>+20(SB)/4, $0xb2ba7775
DATA lgL10K2y<>+24(SB)/4, $0xb2ba7775
DATA lgL10K2y<>+28(SB)/4, $0xb2ba7775
GLOBL lgL10K2y<>(SB), RODATA|NOPTR, $32

DATA lgLn2Hi<>+0(SB)/4, $0x3f317218
DATA lgLn2Hi<>+4(SB)/4, $0x3f317218
DATA lgLn2Hi<>+8(SB)/4, $0x3f317218
DATA lgLn2Hi<>+12(SB)/4, $0x3f317218
DATA lgLn2Hi<>+16(SB)/4, $0x3f317218
DATA lgLn2Hi<>+20(SB)/4, $0x3f317218
DATA lgLn2Hi<>+24(SB)/4, $0x3f317218
DATA lgLn2Hi<>+28(SB)/4, $0x3f317218
GLOBL lgLn2Hi<>(SB), RODATA|NOPTR, $32

DATA lgLn2Lo<>+0(SB)/4, $0xb102e308
DATA lgLn2Lo<>+4(SB)/4, $0xb102e308
DATA lgLn2Lo<>+8(SB)/4, $0xb102e308
DATA lgLn2Lo<>+12(SB)/4, $0xb102e308
DATA lgLn2Lo<>+16(SB)/4, $0xb102e308
DATA lgLn2Lo<>+20(SB)/4, $0xb102e308
DATA lgLn2Lo<>+24(SB)/4, $0xb102e308
DATA lgLn2Lo<>+28(SB)/4, $0xb102e308
GLOBL lgLn2Lo<>(SB), RODATA|NOPTR, $32

DATA lgLogC0<>+0(SB)/4, $0x3e9aff5c
DATA lgLogC0<>+4(SB)/4, $0x3e9aff5c
DATA lgLogC0<>+8(SB)/4, $0x3e9aff5c
DATA lgLogC0<>+12(SB)/4, $0x3e9aff5c
DATA lgLogC0<>+16(SB)/4, $0x3e9aff5c
DATA lgLogC0<>+20(SB)/4, $0x3e9aff5c
DATA lgLogC0<>+24(SB)/4, $0x3e9aff5c
DATA lgLogC0<>+28(SB)/4, $0x3e9aff5c
GLOBL lgLogC0<>(SB), RODATA|NOPTR, $32

DATA lgLogC1<>+0(SB)/4, $0x3ecc99ca
DATA lgLogC1<>+4(SB)/4, $0x3ecc99ca
DATA lgLogC1<>+8(SB)/4, $0x3ecc99ca
DATA lgLogC1<>+12(SB)/4, $0x3ecc99ca
DATA lgLogC1<>+16(SB)/4, $0x3ecc99ca
DATA lgLogC1<>+20(SB)/4, $0x3ecc99ca
DATA lgLogC1<>+24(SB)/4, $0x3ecc99ca
DATA lgLogC1<>+28(SB)/4, $0x3ecc99ca
GLOBL lgLogC1<>(SB), RODATA|NOPTR, $32

DATA lgLogC2<>+0(SB)/4, $0x3f2aaada
DATA lgLogC2<>+4(SB)/4, $0x3f2aaada
DATA lgLogC2<>+8(SB)/4, $0x3f2aaada
DATA lgLogC2<>+12(SB)/4, $0x3f2aaada
DATA lgLogC2<>+16(SB)/4, $0x3f2aaada
DATA lgLogC2<>+20(SB)/4, $0x3f2aaada
DATA lgLogC2<>+24(SB)/4, $0x3f2aaada
DATA lgLogC2<>+28(SB)/4, $0x3f2aaada
GLOBL lgLogC2<>(SB), RODATA|NOPTR, $32

DATA lgBig38<>+0(SB)/4, $0x7e967699
DATA lgBig38<>+4(SB)/4, $0x7e967699
DATA lgBig38<>+8(SB)/4, $0x7e967699
DATA lgBig38<>+12(SB)/4, $0x7e967699
DATA lgBig38<>+16(SB)/4, $0x7e967699
DATA lgBig38<>+20(SB)/4, $0x7e967699
DATA lgBig38<>+24(SB)/4, $0x7e967699
DATA lgBig38<>+28(SB)/4, $0x7e967699
GLOBL lgBig38<>(SB), RODATA|NOPTR, $32

DATA lgRln2<>+0(SB)/4, $0x3fb8aa3b
DATA lgRln2<>+4(SB)/4, $0x3fb8aa3b
DATA lgRln2<>+8(SB)/4, $0x3fb8aa3b
DATA lgRln2<>+12(SB)/4, $0x3fb8aa3b
DATA lgRln2<>+16(SB)/4, $0x3fb8aa3b
DATA lgRln2<>+20(SB)/4, $0x3fb8aa3b
DATA lgRln2<>+24(SB)/4, $0x3fb8aa3b
DATA lgRln2<>+28(SB)/4, $0x3fb8aa3b
GLOBL lgRln2<>(SB), RODATA|NOPTR, $32

DATA lgNegL2U<>+0(SB)/4, $0xbf317200
DATA lgNegL2U<>+4(SB)/4, $0xbf317200
DATA lgNegL2U<>+8(SB)/4, $0xbf317200
DATA lgNegL2U<>+12(SB)/4, $0xbf317200
DATA lgNegL2U<>+16(SB)/4, $0xbf317200
DATA lgNegL2U<>+20(SB)/4, $0xbf317200
DATA lgNegL2U<>+24(SB)/4, $0xbf317200
DATA lgNegL2U<>+28(SB)/4, $0xbf317200
GLOBL lgNegL2U<>(SB), RODATA|NOPTR, $32

DATA lgNegL2L<>+0(SB)/4, $0xb5bfbe8e
DATA lgNegL2L<>+4(SB)/4, $0xb5bfbe8e
DATA lgNegL2L<>+8(SB)/4, $0xb5bfbe8e
DATA lgNegL2L<>+12(SB)/4, $0xb5bfbe8e
DATA lgNegL2L<>+16(SB)/4, $0xb5bfbe8e
DATA lgNegL2L<>+20(SB)/4, $0xb5bfbe8e
DATA lgNegL2L<>+24(SB)/4, $0xb5bfbe8e
DATA lgNegL2L<>+28(SB)/4, $0xb5bfbe8e
GLOBL lgNegL2L<>(SB), RODATA|NOPTR, $32

DATA lgE0<>+0(SB)/4, $0x394fb7ff
DATA lgE0<>+4(SB)/4, $0x394fb7ff
DATA lgE0<>+8(SB)/4, $0x394fb7ff
DATA lgE0<>+12(SB)/4, $0x394fb7ff
DATA lgE0<>+16(SB)/4, $0x394fb7ff
DATA lgE0<>+20(SB)/4, $0x394fb7ff
DATA lgE0<>+24(SB)/4, $0x394fb7ff
DATA lgE0<>+28(SB)/4, $0x394fb7ff
GLOBL lgE0<>(SB), RODATA|NOPTR, $32

DATA lgE1<>+0(SB)/4, $0x3ab6bf7c
DATA lgE1<>+4(SB)/4, $0x3ab6bf7c
DATA lgE1<>+8(SB)/4, $0x3ab6bf7c
DATA lgE1<>+12(SB)/4, $0x3ab6bf7c
DATA lgE1<>+16(SB)/4, $0x3ab6bf7c
DATA lgE1<>+20(SB)/4, $0x3ab6bf7c
DATA lgE1<>+24(SB)/4, $0x3ab6bf7c
DATA lgE1<>+28(SB)/4, $0x3ab6bf7c
GLOBL lgE1<>(SB), RODATA|NOPTR, $32

DATA lgE2<>+0(SB)/4, $0x3c08890d
DATA lgE2<>+4(SB)/4, $0x3c08890d
DATA lgE2<>+8(SB)/4, $0x3c08890d
DATA lgE2<>+12(SB)/4, $0x3c08890d
DATA lgE2<>+16(SB)/4, $0x3c08890d
DATA lgE2<>+20(SB)/4, $0x3c08890d
DATA lgE2<>+24(SB)/4, $0x3c08890d
DATA lgE2<>+28(SB)/4, $0x3c08890d
GLOBL lgE2<>(SB), RODATA|NOPTR, $32

DATA lgE3<>+0(SB)/4, $0x3d2aaa5c
DATA lgE3<>+4(SB)/4, $0x3d2aaa5c
DATA lgE3<>+8(SB)/4, $0x3d2aaa5c
DATA lgE3<>+12(SB)/4, $0x3d2aaa5c
DATA lgE3<>+16(SB)/4, $0x3d2aaa5c
DATA lgE3<>+20(SB)/4, $0x3d2aaa5c
DATA lgE3<>+24(SB)/4, $0x3d2aaa5c
DATA lgE3<>+28(SB)/4, $0x3d2aaa5c
GLOBL lgE3<>(SB), RODATA|NOPTR, $32

DATA lgE4<>+0(SB)/4, $0x3e2aaaaa
DATA lgE4<>+4(SB)/4, $0x3e2aaaaa
DATA lgE4<>+8(SB)/4, $0x3e2aaaaa
DATA lgE4<>+12(SB)/4, $0x3e2aaaaa
DATA lgE4<>+16(SB)/4, $0x3e2aaaaa
DATA lgE4<>+20(SB)/4, $0x3e2aaaaa
DATA lgE4<>+24(SB)/4, $0x3e2aaaaa
DATA lgE4<>+28(SB)/4, $0x3e2aaaaa
GLOBL lgE4<>(SB), RODATA|NOPTR, $32

DATA lgNegHundredFour<>+0(SB)/4, $0xc2d00000
DATA lgNegHundredFour<>+4(SB)/4, $0xc2d00000
DATA lgNegHundredFour<>+8(SB)/4, $0xc2d00000
DATA lgNegHundredFour<>+12(SB)/4, $0xc2d00000
DATA lgNegHundredFour<>+16(SB)/4, $0xc2d00000
DATA lgNegHundredFour<>+20(SB)/4, $0xc2d00000
DATA lgNegHundredFour<>+24(SB)/4, $0xc2d00000
DATA lgNegHundredFour<>+28(SB)/4, $0xc2d00000
GLOBL lgNegHundredFour<>(SB), RODATA|NOPTR, $32

DATA lgExpm1Hi<>+0(SB)/4, $0x42b17217
DATA lgExpm1Hi<>+4(SB)/4, $0x42b17217
DATA lgExpm1Hi<>+8(SB)/4, $0x42b17217
DATA lgExpm1Hi<>+12(SB)/4, $0x42b17217
DATA lgExpm1Hi<>+16(SB)/4, $0x42b17217
DATA lgExpm1Hi<>+20(SB)/4, $0x42b17217
DATA lgExpm1Hi<>+24(SB)/4, $0x42b17217
DATA lgExpm1Hi<>+28(SB)/4, $0x42b17217
GLOBL lgExpm1Hi<>(SB), RODATA|NOPTR, $32

DATA lgExpm1Lo<>+0(SB)/4, $0xc1851592
DATA lgExpm1Lo<>+4(SB)/4, $0xc1851592
DATA lgExpm1Lo<>+8(SB)/4, $0xc1851592
DATA lgExpm1Lo<>+12(SB)/4, $0xc1851592
DATA lgExpm1Lo<>+16(SB)/4, $0xc1851592
DATA lgExpm1Lo<>+20(SB)/4, $0xc1851592
DATA lgExpm1Lo<>+24(SB)/4, $0xc1851592
DATA lgExpm1Lo<>+28(SB)/4, $0xc1851592
GLOBL lgExpm1Lo<>(SB), RODATA|NOPTR, $32

DATA lgHypMax<>+0(SB)/4, $0x42b20000
DATA lgHypMax<>+4(SB)/4, $0x42b20000
DATA lgHypMax<>+8(SB)/4, $0x42b20000
DATA lgHypMax<>+12(SB)/4, $0x42b20000
DATA lgHypMax<>+16(SB)/4, $0x42b20000
DATA lgHypMax<>+20(SB)/4, $0x42b20000
DATA lgHypMax<>+24(SB)/4, $0x42b20000
DATA lgHypMax<>+28(SB)/4, $0x42b20000
GLOBL lgHypMax<>(SB), RODATA|NOPTR, $32

DATA lgSignMask<>+0(SB)/4, $0x80000000
DATA lgSignMask<>+4(SB)/4, $0x80000000
DATA lgSignMask<>+8(SB)/4, $0x80000000
DATA lgSignMask<>+12(SB)/4, $0x80000000
DATA lgSignMask<>+16(SB)/4, $0x80000000
DATA lgSignMask<>+20(SB)/4, $0x80000000
DATA lgSignMask<>+24(SB)/4, $0x80000000
DATA lgSignMask<>+28(SB)/4, $0x80000000
GLOBL lgSignMask<>(SB), RODATA|NOPTR, $32

DATA lgAbsMask<>+0(SB)/4, $0x7fffffff
DATA lgAbsMask<>+4(SB)/4, $0x7fffffff
DATA lgAbsMask<>+8(SB)/4, $0x7fffffff
DATA lgAbsMask<>+12(SB)/4, $0x7fffffff
DATA lgAbsMask<>+16(SB)/4, $0x7fffffff
DATA lgAbsMask<>+20(SB)/4, $0x7fffffff
DATA lgAbsMask<>+24(SB)/4, $0x7fffffff
DATA lgAbsMask<>+28(SB)/4, $0x7fffffff
GLOBL lgAbsMask<>(SB), RODATA|NOPTR, $32

DATA lgI32FF<>+0(SB)/4, $0x000000ff
DATA lgI32FF<>+4(SB)/4, $0x000000ff
DATA lgI32FF<>+8(SB)/4, $0x000000ff
DATA lgI32FF<>+12(SB)/4, $0x000000ff
DATA lgI32FF<>+16(SB)/4, $0x000000ff
DATA lgI32FF<>+20(SB)/4, $0x000000ff
DATA lgI32FF<>+24(SB)/4, $0x000000ff
DATA lgI32FF<>+28(SB)/4, $0x000000ff
GLOBL lgI32FF<>(SB), RODATA|NOPTR, $32

DATA lgI32Bias<>+0(SB)/4, $0x0000007f
DATA lgI32Bias<>+4(SB)/4, $0x0000007f
DATA lgI32Bias<>+8(SB)/4, $0x0000007f
DATA lgI32Bias<>+12(SB)/4, $0x0000007f
DATA lgI32Bias<>+16(SB)/4, $0x0000007f
DATA lgI32Bias<>+20(SB)/4, $0x0000007f
DATA lgI32Bias<>+24(SB)/4, $0x0000007f
DATA lgI32Bias<>+28(SB)/4, $0x0000007f
GLOBL lgI32Bias<>(SB), RODATA|NOPTR, $32

DATA lgI32Sixty4<>+0(SB)/4, $0x00000040
DATA lgI32Sixty4<>+4(SB)/4, $0x00000040
DATA lgI32Sixty4<>+8(SB)/4, $0x00000040
DATA lgI32Sixty4<>+12(SB)/4, $0x00000040
DATA lgI32Sixty4<>+16(SB)/4, $0x00000040
DATA lgI32Sixty4<>+20(SB)/4, $0x00000040
DATA lgI32Sixty4<>+24(SB)/4, $0x00000040
DATA lgI32Sixty4<>+28(SB)/4, $0x00000040
GLOBL lgI32Sixty4<>(SB), RODATA|NOPTR, $32

DATA lgAllOnes<>+0(SB)/4, $0xffffffff
DATA lgAllOnes<>+4(SB)/4, $0xffffffff
DATA lgAllOnes<>+8(SB)/4, $0xffffffff
DATA lgAllOnes<>+12(SB)/4, $0xffffffff
DATA lgAllOnes<>+16(SB)/4, $0xffffffff
DATA lgAllOnes<>+20(SB)/4, $0xffffffff
DATA lgAllOnes<>+24(SB)/4, $0xffffffff
DATA lgAllOnes<>+28(SB)/4, $0xffffffff
GLOBL lgAllOnes<>(SB), RODATA|NOPTR, $32

DATA lgI32OneBits<>+0(SB)/4, $0x3f800000
DATA lgI32OneBits<>+4(SB)/4, $0x3f800000
DATA lgI32OneBits<>+8(SB)/4, $0x3f800000
DATA lgI32OneBits<>+12(SB)/4, $0x3f800000
DATA lgI32OneBits<>+16(SB)/4, $0x3f800000
DATA lgI32OneBits<>+20(SB)/4, $0x3f800000
DATA lgI32OneBits<>+24(SB)/4, $0x3f800000
DATA lgI32OneBits<>+28(SB)/4, $0x3f800000
GLOBL lgI32OneBits<>(SB), RODATA|NOPTR, $32

// EXPK2F is sleefExpk2f((Y1, 0)) without its d.x < -104 clamp: the
// double-float result in (Y2, Y3). Y15 must be zero; clobbers Y4-Y14.
#define EXPK2F \
	VMULPS    lgRln2<>(SB), Y1, Y2 \
	VCVTPS2DQ Y2, Y14 \
	VCVTDQ2PS Y14, Y13 \
	VMULPS lgNegL2U<>(SB), Y13, Y2 \
	VADDPS Y2, Y1, Y3 \
	VSUBPS Y1, Y3, Y4 \
	VSUBPS Y4, Y3, Y5 \
	VSUBPS Y5, Y1, Y5 \
	VSUBPS Y4, Y2, Y4 \
	VADDPS Y4, Y5, Y5 \
	VADDPS Y15, Y5, Y4 \
	VMULPS lgNegL2L<>(SB), Y13, Y2 \
	VADDPS Y2, Y3, Y5 \
	VSUBPS Y3, Y5, Y6 \
	VSUBPS Y6, Y5, Y7 \
	VSUBPS Y7, Y3, Y7 \
	VSUBPS Y6, Y2, Y6 \
	VADDPS Y6, Y7, Y7 \
	VADDPS Y4, Y7, Y6 \
	VMOVUPS     lgE0<>(SB), Y2 \
	VFMADD213PS lgE1<>(SB), Y5, Y2 \
	VFMADD213PS lgE2<>(SB), Y5, Y2 \
	VFMADD213PS lgE3<>(SB), Y5, Y2 \
	VMULPS      Y2, Y5, Y3 \
	VMOVAPS     Y5, Y4 \
	VFMSUB213PS Y3, Y2, Y4 \
	VFMADD231PS Y2, Y6, Y4 \
	VADDPS      lgE4<>(SB), Y3, Y7 \
	VSUBPS      Y3, Y7, Y2 \
	VSUBPS      Y2, Y7, Y8 \
	VSUBPS      Y8, Y3, Y8 \
	VMOVUPS     lgE4<>(SB), Y3 \
	VSUBPS      Y2, Y3, Y3 \
	VADDPS      Y3, Y8, Y8 \
	VADDPS      Y4, Y8, Y8 \
	VMULPS      Y7, Y5, Y2 \
	VMOVAPS     Y5, Y3 \
	VFMSUB213PS Y2, Y7, Y3 \
	VFMADD231PS Y7, Y6, Y3 \
	VFMADD231PS Y8, Y5, Y3 \
	VADDPS      lgHalf<>(SB), Y2, Y7 \
	VSUBPS      Y2, Y7, Y4 \
	VSUBPS      Y4, Y7, Y8 \
	VSUBPS      Y8, Y2, Y8 \
	VMOVUPS     lgHalf<>(SB), Y2 \
	VSUBPS      Y4, Y2, Y2 \
	VADDPS      Y2, Y8, Y8 \
	VADDPS      Y3, Y8, Y8 \
	VMULPS      Y5, Y5, Y2 \
	VMOVAPS     Y5, Y3 \
	VFMSUB213PS Y2, Y5, Y3 \
	VADDPS      Y5, Y5, Y4 \
	VFMADD231PS Y6, Y4, Y3 \
	VMULPS      Y7, Y2, Y4 \
	VMOVAPS     Y2, Y9 \
	VFMSUB213PS Y4, Y7, Y9 \
	VFMADD231PS Y7, Y3, Y9 \
	VFMADD231PS Y8, Y2, Y9 \
	VADDPS      Y4, Y5, Y7 \
	VSUBPS      Y5, Y7, Y2 \
	VSUBPS      Y2, Y7, Y3 \
	VSUBPS      Y3, Y5, Y3 \
	VSUBPS      Y2, Y4, Y2 \
	VADDPS      Y2, Y3, Y3 \
	VADDPS      Y9, Y6, Y2 \
	VADDPS      Y2, Y3, Y8 \
	VADDPS  lgOne<>(SB), Y7, Y2 \
	VMOVUPS lgOne<>(SB), Y3 \
	VSUBPS  Y2, Y3, Y3 \
	VADDPS  Y7, Y3, Y3 \
	VADDPS  Y8, Y3, Y3 \
	VPSRAD $1, Y14, Y4 \
	VPSUBD Y4, Y14, Y5 \
	VPADDD lgI32Bias<>(SB), Y4, Y4 \
	VPSLLD $23, Y4, Y4 \
	VPADDD lgI32Bias<>(SB), Y5, Y5 \
	VPSLLD $23, Y5, Y5 \
	VMULPS Y4, Y2, Y2 \
	VMULPS Y5, Y2, Y2 \
	VMULPS Y4, Y3, Y3 \
	VMULPS Y5, Y3, Y3

// LOGREDUCE is sleefLogReduce(Y0): Y0 = d scaled by 2^64 where
// subnormal, Y3 = m, Y2 = float32(e). Clobbers Y1, Y4.
#define LOGREDUCE \
	VCMPPS    $1, lgMinNorm<>(SB), Y0, Y1 \
	VMULPS    lgTwo64<>(SB), Y0, Y2 \
	VBLENDVPS Y1, Y2, Y0, Y0 \
	VMULPS    lgFourThirds<>(SB), Y0, Y2 \
	VPSRLD    $23, Y2, Y2 \
	VPAND     lgI32FF<>(SB), Y2, Y2 \
	VPSUBD    lgI32Bias<>(SB), Y2, Y2 \
	VPSLLD    $23, Y2, Y3 \
	VPSUBD    Y3, Y0, Y3 \
	VPSUBD    lgI32Sixty4<>(SB), Y2, Y4 \
	VBLENDVPS Y1, Y4, Y2, Y2 \
	VCVTDQ2PS Y2, Y2

// LOGDIVX is df2Div(df2Add2(-1, m), df2Add2(1, m)) for m in Y3: the
// double-float x in (Y11, Y13). Clobbers Y6-Y10, Y12.
#define LOGDIVX \
	VADDPS       lgNegOne<>(SB), Y3, Y6 \
	VSUBPS       lgNegOne<>(SB), Y6, Y7 \
	VSUBPS       Y7, Y6, Y8 \
	VMOVUPS      lgNegOne<>(SB), Y9 \
	VSUBPS       Y8, Y9, Y8 \
	VSUBPS       Y7, Y3, Y7 \
	VADDPS       Y7, Y8, Y7 \
	VADDPS       lgOne<>(SB), Y3, Y8 \
	VSUBPS       lgOne<>(SB), Y8, Y9 \
	VSUBPS       Y9, Y8, Y10 \
	VMOVUPS      lgOne<>(SB), Y11 \
	VSUBPS       Y10, Y11, Y10 \
	VSUBPS       Y9, Y3, Y9 \
	VADDPS       Y9, Y10, Y9 \
	VMOVUPS      lgOne<>(SB), Y10 \
	VDIVPS       Y8, Y10, Y10 \
	VMULPS       Y10, Y6, Y11 \
	VMOVAPS      Y10, Y12 \
	VFMSUB213PS  Y11, Y6, Y12 \
	VMOVAPS      Y8, Y13 \
	VFNMADD213PS lgOne<>(SB), Y10, Y13 \
	VFNMADD231PS Y10, Y9, Y13 \
	VFMADD231PS  Y10, Y7, Y12 \
	VFMADD213PS  Y12, Y11, Y13

// LOGSPECIAL is sleefLogSpecial(Y0, Y4) into Y4: +inf for +inf, NaN (all
// ones) for negatives and NaNs, -inf for zeros. Y15 must be zero;
// clobbers Y5, Y6.
#define LOGSPECIAL \
	VCMPPS    $0, lgInf<>(SB), Y0, Y5 \
	VBLENDVPS Y5, lgInf<>(SB), Y4, Y4 \
	VCMPPS    $1, Y15, Y0, Y5 \
	VCMPPS    $3, Y0, Y0, Y6 \
	VORPS     Y6, Y5, Y5 \
	VBLENDVPS Y5, lgAllOnes<>(SB), Y4, Y4 \
	VCMPPS    $0, Y15, Y0, Y5 \
	VBLENDVPS Y5, lgNegInf<>(SB), Y4, Y4

// DFMULK is df2MulDD(x, (kx, ky)) for the double-float x in (Y11, Y13):
// the product in (Y8, Y9).
#define DFMULK(kx, ky) \
	VMULPS      kx, Y11, Y8 \
	VMOVUPS     kx, Y9 \
	VFMSUB213PS Y8, Y11, Y9 \
	VFMADD231PS kx, Y13, Y9 \
	VFMADD231PS ky, Y11, Y9

// func log2f32AVX2(dst, src *float32, n int)
// dst = sleefLog2f(src).
TEXT ·log2f32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   log2done
	VPXOR Y15, Y15, Y15
log2loop:
	VMOVUPS (SI), Y0
	LOGREDUCE
	LOGDIVX
	// x2 (Y6); t = polynomial in x2 (Y7).
	VMULPS      Y11, Y11, Y6
	VMOVUPS     lgL2C0<>(SB), Y7
	VFMADD213PS lgL2C1<>(SB), Y6, Y7
	VFMADD213PS lgL2C2<>(SB), Y6, Y7
	// s = df2Add2FD(e, x*K) (Y4, Y5).
	DFMULK(lgL2Kx<>(SB), lgL2Ky<>(SB))
	VADDPS Y8, Y2, Y4
	VSUBPS Y2, Y4, Y5
	VSUBPS Y5, Y4, Y10
	VSUBPS Y10, Y2, Y10
	VSUBPS Y5, Y8, Y5
	VADDPS Y5, Y10, Y10
	VADDPS Y9, Y10, Y5
	// s = df2Add2DF(s, x2*xx*t); r = sx + sy.
	VMULPS Y11, Y6, Y8
	VMULPS Y7, Y8, Y8
	VADDPS Y8, Y4, Y9
	VSUBPS Y4, Y9, Y10
	VSUBPS Y10, Y9, Y12
	VSUBPS Y12, Y4, Y12
	VSUBPS Y10, Y8, Y10
	VADDPS Y10, Y12, Y12
	VADDPS Y5, Y12, Y12
	VADDPS Y12, Y9, Y4
	LOGSPECIAL
	VMOVUPS Y4, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  log2loop
log2done:
	VZEROUPPER
	RET

// func log10f32AVX2(dst, src *float32, n int)
// dst = sleefLog10f(src).
TEXT ·log10f32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   log10done
	VPXOR Y15, Y15, Y15
log10loop:
	VMOVUPS (SI), Y0
	LOGREDUCE
	LOGDIVX
	// x2 (Y6); t = polynomial in x2 (Y7).
	VMULPS      Y11, Y11, Y6
	VMOVUPS     lgL10C0<>(SB), Y7
	VFMADD213PS lgL10C1<>(SB), Y6, Y7
	VFMADD213PS lgL10C2<>(SB), Y6, Y7
	// s = df2MulF(K1, e) (Y4, Y5).
	VMULPS      lgL10K1x<>(SB), Y2, Y4
	VMOVUPS     lgL10K1x<>(SB), Y5
	VFMSUB213PS Y4, Y2, Y5
	VFMADD231PS lgL10K1y<>(SB), Y2, Y5
	// s = df2AddDD(s, x*K2) (Y10, Y12).
	DFMULK(lgL10K2x<>(SB), lgL10K2y<>(SB))
	VADDPS Y8, Y4, Y10
	VSUBPS Y10, Y4, Y12
	VADDPS Y8, Y12, Y12
	VADDPS Y5, Y12, Y12
	VADDPS Y9, Y12, Y12
	// s = df2AddDF(s, x2*xx*t); r = sx + sy.
	VMULPS Y11, Y6, Y8
	VMULPS Y7, Y8, Y8
	VADDPS Y8, Y10, Y4
	VSUBPS Y4, Y10, Y5
	VADDPS Y8, Y5, Y5
	VADDPS Y12, Y5, Y5
	VADDPS Y5, Y4, Y4
	LOGSPECIAL
	VMOVUPS Y4, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  log10loop
log10done:
	VZEROUPPER
	RET

// func log1pf32AVX2(dst, src *float32, n int)
// dst = sleefLog1pf(src).
TEXT ·log1pf32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   log1pdone
	VPXOR Y15, Y15, Y15
log1ploop:
	VMOVUPS (SI), Y0
	// dp1 = d + 1, scaled by 2^64 where below FLT_MIN (mask Y14).
	VADDPS    lgOne<>(SB), Y0, Y1
	VCMPPS    $1, lgMinNorm<>(SB), Y1, Y14
	VMULPS    lgTwo64<>(SB), Y1, Y2
	VBLENDVPS Y14, Y2, Y1, Y1
	// e = ilogb2k(dp1*(4/3)) (Y2); t = 2^-e (Y3); m = fmaf(d, t, t-1) (Y4).
	VMULPS      lgFourThirds<>(SB), Y1, Y2
	VPSRLD      $23, Y2, Y2
	VPAND       lgI32FF<>(SB), Y2, Y2
	VPSUBD      lgI32Bias<>(SB), Y2, Y2
	VPSLLD      $23, Y2, Y3
	VMOVDQU     lgI32OneBits<>(SB), Y4
	VPSUBD      Y3, Y4, Y3
	VSUBPS      lgOne<>(SB), Y3, Y4
	VFMADD231PS Y3, Y0, Y4
	// e -= 64 where scaled; s = (ln2hi, ln2lo) * e (Y5, Y6).
	VPSUBD      lgI32Sixty4<>(SB), Y2, Y5
	VBLENDVPS   Y14, Y5, Y2, Y2
	VCVTDQ2PS   Y2, Y2
	VMULPS      lgLn2Hi<>(SB), Y2, Y5
	VMOVUPS     lgLn2Hi<>(SB), Y6
	VFMSUB213PS Y5, Y2, Y6
	VFMADD231PS lgLn2Lo<>(SB), Y2, Y6
	// den = df2Add(2, m) (Y7, Y8).
	VADDPS  lgTwo<>(SB), Y4, Y7
	VMOVUPS lgTwo<>(SB), Y8
	VSUBPS  Y7, Y8, Y8
	VADDPS  Y4, Y8, Y8
	// x = df2Div((m, 0), den) (Y11, Y13).
	VMOVUPS      lgOne<>(SB), Y9
	VDIVPS       Y7, Y9, Y9
	VMULPS       Y9, Y4, Y11
	VMOVAPS      Y9, Y12
	VFMSUB213PS  Y11, Y4, Y12
	VMOVAPS      Y7, Y13
	VFNMADD213PS lgOne<>(SB), Y9, Y13
	VFNMADD231PS Y9, Y8, Y13
	VFMADD231PS  Y9, Y15, Y12
	VFMADD213PS  Y12, Y11, Y13
	// x2 (Y10); t = polynomial in x2 (Y7).
	VMULPS      Y11, Y11, Y10
	VMOVUPS     lgLogC0<>(SB), Y7
	VFMADD213PS lgLogC1<>(SB), Y10, Y7
	VFMADD213PS lgLogC2<>(SB), Y10, Y7
	// s = df2AddDD(s, 2x) (Y1, Y3).
	VADDPS Y11, Y11, Y8
	VADDPS Y13, Y13, Y9
	VADDPS Y8, Y5, Y1
	VSUBPS Y1, Y5, Y3
	VADDPS Y8, Y3, Y3
	VADDPS Y6, Y3, Y3
	VADDPS Y9, Y3, Y3
	// s = df2AddDF(s, x2*xx*t); r = sx + sy (Y4).
	VMULPS Y11, Y10, Y8
	VMULPS Y7, Y8, Y8
	VADDPS Y8, Y1, Y4
	VSUBPS Y4, Y1, Y5
	VADDPS Y8, Y5, Y5
	VADDPS Y3, Y5, Y5
	VADDPS Y5, Y4, Y4
	// d > 1e38 -> inf; d < -1 -> NaN (all ones); d == -1 -> -inf; -0 -> -0.
	VCMPPS    $0x1e, lgBig38<>(SB), Y0, Y5
	VBLENDVPS Y5, lgInf<>(SB), Y4, Y4
	VCMPPS    $1, lgNegOne<>(SB), Y0, Y5
	VBLENDVPS Y5, lgAllOnes<>(SB), Y4, Y4
	VCMPPS    $0, lgNegOne<>(SB), Y0, Y5
	VBLENDVPS Y5, lgNegInf<>(SB), Y4, Y4
	VPCMPEQD  lgSignMask<>(SB), Y0, Y5
	VBLENDVPS Y5, Y0, Y4, Y4
	VMOVUPS Y4, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  log1ploop
log1pdone:
	VZEROUPPER
	RET

// func expm1f32AVX2(dst, src *float32, n int)
// dst = sleefExpm1f(src).
TEXT ·expm1f32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   expm1done
	VPXOR Y15, Y15, Y15
expm1loop:
	VMOVUPS (SI), Y0
	VMOVAPS Y0, Y1
	EXPK2F
	// expk2f's result is 0 where a < -104.
	VCMPPS  $1, lgNegHundredFour<>(SB), Y0, Y4
	VANDNPS Y2, Y4, Y2
	VANDNPS Y3, Y4, Y3
	// d = df2Add2DF(d, -1); x = dx + dy (Y4).
	VADDPS  lgNegOne<>(SB), Y2, Y4
	VSUBPS  Y2, Y4, Y5
	VSUBPS  Y5, Y4, Y6
	VSUBPS  Y6, Y2, Y6
	VMOVUPS lgNegOne<>(SB), Y7
	VSUBPS  Y5, Y7, Y7
	VADDPS  Y7, Y6, Y6
	VADDPS  Y3, Y6, Y6
	VADDPS  Y6, Y4, Y4
	// a > 88.72... -> inf; a < -16.63... -> -1; -0 -> -0.
	VCMPPS    $0x1e, lgExpm1Hi<>(SB), Y0, Y5
	VBLENDVPS Y5, lgInf<>(SB), Y4, Y4
	VCMPPS    $1, lgExpm1Lo<>(SB), Y0, Y5
	VBLENDVPS Y5, lgNegOne<>(SB), Y4, Y4
	VPCMPEQD  lgSignMask<>(SB), Y0, Y5
	VBLENDVPS Y5, Y0, Y4, Y4
	VMOVUPS Y4, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  expm1loop
expm1done:
	VZEROUPPER
	RET

// HYPHALF is the common part of sinhf32AVX2 and coshf32AVX2: for x in
// Y0, a = |x| (Y1), d = expk2f((a, 0)) (Y2, Y3), e = df2Rec(d) (Y4, Y5),
// then op = VSUBPS for sinh (df2SubDD(d, e)), VADDPS for cosh
// (df2AddDD(d, e)) into (Y6, Y7), and y = (Y6 + Y7) * 0.5 (Y6), set to
// +inf where a > 89 or y is NaN. Y15 must be zero; clobbers Y2-Y14.
#define HYPHALF(op) \
	VANDPS       lgAbsMask<>(SB), Y0, Y1 \
	EXPK2F \
	VMOVUPS      lgOne<>(SB), Y4 \
	VDIVPS       Y2, Y4, Y4 \
	VMOVAPS      Y2, Y5 \
	VFNMADD213PS lgOne<>(SB), Y4, Y5 \
	VFNMADD231PS Y4, Y3, Y5 \
	VMULPS       Y5, Y4, Y5 \
	op           Y4, Y2, Y6 \
	VSUBPS       Y6, Y2, Y7 \
	op           Y4, Y7, Y7 \
	VADDPS       Y3, Y7, Y7 \
	op           Y5, Y7, Y7 \
	VADDPS       Y7, Y6, Y6 \
	VMULPS       lgHalf<>(SB), Y6, Y6 \
	VCMPPS       $0x1e, lgHypMax<>(SB), Y1, Y8 \
	VCMPPS       $3, Y6, Y6, Y9 \
	VORPS        Y9, Y8, Y8 \
	VBLENDVPS    Y8, lgInf<>(SB), Y6, Y6

// func sinhf32AVX2(dst, src *float32, n int)
// dst = sleefSinhf(src).
TEXT ·sinhf32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   sinhdone
	VPXOR Y15, Y15, Y15
sinhloop:
	VMOVUPS (SI), Y0
	HYPHALF(VSUBPS)
	// y = mulsign(y, x); NaN (all ones) where x is NaN.
	VANDPS  lgSignMask<>(SB), Y0, Y8
	VXORPS  Y8, Y6, Y6
	VCMPPS  $3, Y0, Y0, Y8
	VORPS   Y8, Y6, Y6
	VMOVUPS Y6, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  sinhloop
sinhdone:
	VZEROUPPER
	RET

// func coshf32AVX2(dst, src *float32, n int)
// dst = sleefCoshf(src).
TEXT ·coshf32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	SHRQ $3, CX
	JZ   coshdone
	VPXOR Y15, Y15, Y15
coshloop:
	VMOVUPS (SI), Y0
	HYPHALF(VADDPS)
	// NaN (all ones) where x is NaN.
	VCMPPS  $3, Y0, Y0, Y8
	VORPS   Y8, Y6, Y6
	VMOVUPS Y6, (DI)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ  coshloop
coshdone:
	VZEROUPPER
	RET
