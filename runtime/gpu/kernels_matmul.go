package gpu

import (
	"encoding/binary"
	"fmt"

	"github.com/tensh/tensh/runtime/tensor"
)

// The tiled batched matrix product: one work-group of 64 items computes
// an 8×8 tile of one batch's result, stepping through k eight at a time
// with both operands' tiles in local memory. Operands come with any
// strides (a broadcast batch has stride 0).

const matTile = 8

func matmulSource(d tensor.DType) string {
	fma := "acc + As[ly][kk] * Bs[kk][lx]"
	if !d.IsFloat() {
		fma = "(T)((U)acc + (U)As[ly][kk] * (U)Bs[kk][lx])"
	}
	src := header(d == tensor.Float64) + typedefs(d)
	for _, idx := range []string{"int", "long"} {
		src += guard(idx, fmt.Sprintf(`typedef struct { %[1]s m, n, k, sab, sam, sak, sbb, sbk, sbn, oa, ob, oc; } mgeom_%[1]s;
__kernel void matmul_%[1]s(__global T* c, __global const T* a, __global const T* b, mgeom_%[1]s g, %[1]s gbase) {
	int lid = get_local_id(0), ly = lid / %[2]d, lx = lid %% %[2]d;
	%[1]s grp = gbase + get_group_id(0);
	%[1]s tm = (g.m + %[2]d - 1) / %[2]d, tn = (g.n + %[2]d - 1) / %[2]d;
	%[1]s batch = grp / (tm * tn), t = grp %% (tm * tn);
	%[1]s row = (t / tn) * %[2]d + ly, col = (t %% tn) * %[2]d + lx;
	__local T As[%[2]d][%[2]d], Bs[%[2]d][%[2]d];
	T acc = 0;
	for (%[1]s k0 = 0; k0 < g.k; k0 += %[2]d) {
		%[1]s ka = k0 + lx, kb = k0 + ly;
		As[ly][lx] = (row < g.m && ka < g.k) ? a[g.oa + batch * g.sab + row * g.sam + ka * g.sak] : (T)0;
		Bs[ly][lx] = (kb < g.k && col < g.n) ? b[g.ob + batch * g.sbb + kb * g.sbk + col * g.sbn] : (T)0;
		barrier(CLK_LOCAL_MEM_FENCE);
		for (int kk = 0; kk < %[2]d; kk++) acc = %[3]s;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	if (row < g.m && col < g.n) c[g.oc + batch * g.m * g.n + row * g.n + col] = acc;
}
`, idx, matTile, fma))
	}
	return src
}

// Matmul runs a (batched) matrix product on out's device.
func (accel) Matmul(out, a, b *tensor.Tensor) bool {
	d := a.DType()
	dev := deviceOf(out.Device())
	if dev == nil || clType(d) == "" || d == tensor.Bool || b.DType() != d || out.DType() != d ||
		(d == tensor.Float64 && !dev.FP64) || (dev.MaxWG > 0 && dev.MaxWG < WorkGroup) {
		return false
	}
	as, ast, bs, bst := a.Shape(), a.Strides(), b.Shape(), b.Strides()
	nb, sab, sbb := 1, 0, 0
	if len(as) == 3 {
		nb, sab, sbb = as[0], ast[0], bst[0]
		as, ast, bs, bst = as[1:], ast[1:], bs[1:], bst[1:]
	}
	m, k, n := as[0], as[1], bs[1]
	if nb*m*n == 0 {
		return true
	}
	ga := &geometry{n: 1, nops: 1, offsets: [maxOperands]int{a.Offset()}}
	ga.spans[0] = 1 + (nb-1)*sab + (m-1)*ast[0] + (k-1)*ast[1]
	gb := &geometry{n: 1, nops: 1, offsets: [maxOperands]int{b.Offset()}}
	gb.spans[0] = 1 + (nb-1)*sbb + (k-1)*bst[0] + (n-1)*bst[1]
	wide := forceWide || a.Offset()+ga.spans[0] >= 1<<31 || b.Offset()+gb.spans[0] >= 1<<31 || out.Offset()+nb*m*n >= 1<<31
	prog := build(dev, d, wide, matmulSource)
	bufs := []*bound{nil, bind(dev, a, false, false), bind(dev, b, false, false)}
	bufs[0] = bind(dev, out, true, covers(out))
	defer func() {
		for _, b := range bufs {
			if b != nil && b.temp {
				b.buf.Free()
			}
		}
	}()
	var geom []byte
	name := "matmul_int"
	if wide {
		name = "matmul_long"
	}
	for _, v := range []int{m, n, k, sab, ast[0], ast[1], sbb, bst[0], bst[1], a.Offset(), b.Offset(), out.Offset()} {
		if wide {
			geom = binary.LittleEndian.AppendUint64(geom, uint64(v))
		} else {
			geom = binary.LittleEndian.AppendUint32(geom, uint32(v))
		}
	}
	groups := nb * ((m + matTile - 1) / matTile) * ((n + matTile - 1) / matTile)
	// Launched in pieces of about matPieceWork multiply-adds, each from
	// its first tile (gbase), so that Ctrl-C is honoured between them.
	piece := max(1, matPieceWork/(WorkGroup*max(k, 1)))
	for g0 := 0; g0 < groups; g0 += piece {
		if g0 > 0 {
			tensor.CheckInterrupt()
		}
		var base any = int32(g0)
		if wide {
			base = int64(g0)
		}
		check2(dev.RunGroups(prog, name, min(piece, groups-g0), bufs[0].buf, bufs[1].buf, bufs[2].buf, geom, base))
	}
	finish(bufs)
	return true
}

// matPieceWork bounds the multiply-adds of one matmul launch.
const matPieceWork = 1 << 26
