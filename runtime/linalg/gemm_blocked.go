package linalg

import (
	"unsafe"

	"github.com/tensh/tensh/runtime/tensor"
)

// A cache-blocked GEMM on register tiles (issue 25), with the reference
// BLAS's sums: c[i][j] = 0, then c[i][j] += a[i][l]·b[l][j] for l in
// increasing order, each product and each sum rounded (no fused
// multiply-add, no skipped zero factors). Blocking over rows and columns
// does not touch that order, and a block of the contracted index (kc
// steps) continues each element's sum from where the previous block left
// it in c. The layout is Goto's: for each block of kc rows of b, b is
// packed into panels of nr columns (shared by the workers), each worker
// packs mc rows of a into panels of 6 rows, and the micro-kernel
// (gemm_avx2_amd64.s) keeps a 6×nr tile of c in registers for kc steps.
// Edge tiles run on a padded copy of the tile.

const (
	gemmMR = 6   // rows of a register tile
	gemmKC = 256 // steps of the contracted index per block
	gemmMC = 96  // rows of a per worker block (a multiple of gemmMR)
)

// useBlockedGemm reports whether gemmBlocked takes an m×n×k product.
func useBlockedGemm(m, n, k int) bool {
	return haveGemmKernels() && m >= gemmMR && n >= 8 && k >= 4 && m*n*k >= 1<<15
}

// gemmNR is the columns of a register tile for T.
func gemmNR[T float32 | float64]() int {
	var z T
	if unsafe.Sizeof(z) == 4 {
		return 16
	}
	return 8
}

// microKernel runs the micro-kernel for T.
func microKernel[T float32 | float64](kc int, a, b, c *T, ldc int, load bool) {
	var z T
	if unsafe.Sizeof(z) == 4 {
		sgemm6x16AVX2(kc, (*float32)(unsafe.Pointer(a)), (*float32)(unsafe.Pointer(b)), (*float32)(unsafe.Pointer(c)), ldc, load)
		return
	}
	dgemm6x8AVX2(kc, (*float64)(unsafe.Pointer(a)), (*float64)(unsafe.Pointer(b)), (*float64)(unsafe.Pointer(c)), ldc, load)
}

// gemmBlocked computes c = a·b (m×k times k×n, any strides) into the m×n
// rows of c (row stride ldc, from cOff); k > 0.
func gemmBlocked[T float32 | float64](m, n, k int, a []T, av matView, b []T, bv matView, c []T, cOff, ldc int) {
	nr := gemmNR[T]()
	panels := (n + nr - 1) / nr
	tensor.CheckAlloc(tensor.Float64, gemmKC*panels*nr)
	bpack := make([]T, gemmKC*panels*nr)
	blocks := (m + gemmMC - 1) / gemmMC
	for pc := 0; pc < k; pc += gemmKC {
		kb := min(gemmKC, k-pc)
		packB(bpack, b, bv, pc, kb, n, nr)
		tensor.RunChunks(blocks, func(blk int) {
			var apack [gemmMC * gemmKC]T
			var tile [gemmMR * 16]T
			i0 := blk * gemmMC
			rows := min(gemmMC, m-i0)
			packA(apack[:], a, av, i0, rows, pc, kb)
			for jp := 0; jp < panels; jp++ {
				j0 := jp * nr
				cols := min(nr, n-j0)
				bp := &bpack[jp*kb*nr]
				for ip := 0; ip*gemmMR < rows; ip++ {
					r0 := i0 + ip*gemmMR
					rr := min(gemmMR, m-r0)
					ap := &apack[ip*kb*gemmMR]
					if rr == gemmMR && cols == nr {
						microKernel(kb, ap, bp, &c[cOff+r0*ldc+j0], ldc, pc > 0)
						continue
					}
					if pc > 0 {
						for r := 0; r < rr; r++ {
							copy(tile[r*nr:r*nr+cols], c[cOff+(r0+r)*ldc+j0:])
						}
					}
					microKernel(kb, ap, bp, &tile[0], nr, pc > 0)
					for r := 0; r < rr; r++ {
						copy(c[cOff+(r0+r)*ldc+j0:cOff+(r0+r)*ldc+j0+cols], tile[r*nr:r*nr+cols])
					}
				}
			}
		})
		tensor.CheckInterrupt()
	}
}

// packB copies rows pc..pc+kb of b into panels of nr columns: panel p,
// step l holds b[pc+l][p*nr : p*nr+nr], zero past column n.
func packB[T float32 | float64](dst, b []T, bv matView, pc, kb, n, nr int) {
	panels := (n + nr - 1) / nr
	for p := 0; p < panels; p++ {
		j0 := p * nr
		cols := min(nr, n-j0)
		d := dst[p*kb*nr : (p+1)*kb*nr]
		for l := 0; l < kb; l++ {
			row := d[l*nr : l*nr+nr]
			src := bv.off + (pc+l)*bv.rs + j0*bv.cs
			if bv.cs == 1 {
				copy(row[:cols], b[src:src+cols])
			} else {
				for j := 0; j < cols; j++ {
					row[j] = b[src+j*bv.cs]
				}
			}
			clear(row[cols:])
		}
	}
}

// packA copies rows i0..i0+rows of a, columns pc..pc+kb, into panels of
// gemmMR rows: panel q, step l holds a[i0+q*gemmMR+r][pc+l] for r <
// gemmMR, zero past the last row.
func packA[T float32 | float64](dst, a []T, av matView, i0, rows, pc, kb int) {
	for q := 0; q*gemmMR < rows; q++ {
		d := dst[q*kb*gemmMR : (q+1)*kb*gemmMR]
		for r := 0; r < gemmMR; r++ {
			if q*gemmMR+r >= rows {
				for l := 0; l < kb; l++ {
					d[l*gemmMR+r] = 0
				}
				continue
			}
			src := av.off + (i0+q*gemmMR+r)*av.rs + pc*av.cs
			for l := 0; l < kb; l++ {
				d[l*gemmMR+r] = a[src+l*av.cs]
			}
		}
	}
}
