package torch

import (
	"fmt"
	"math"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// F.interpolate (nearest, nearest-exact, linear, bilinear, area), F.unfold
// and F.fold, over runtime/tensor's Interp2d, Im2Col and Col2Im.

func interpolate(a *eval.Args) eval.Value {
	var x *tensor.Tensor
	var size, scale, align, recompute eval.Value = eval.None, eval.None, eval.None, eval.None
	mode := "nearest"
	antialias := false
	a.Unpack("input", &x, "size?", &size, "scale_factor?", &scale, "mode?", &mode, "align_corners?", &align,
		"recompute_scale_factor?", &recompute, "antialias?", &antialias)
	s := a.Session()
	_, noAlign := align.(eval.NoneType)
	alignCorners := !noAlign && s.Truth(align)
	if (mode == "nearest" || mode == "area" || mode == "nearest-exact") && !noAlign {
		eval.Throw("ValueError", errInterpAlign)
	}
	dim := x.Dim() - 2
	_, noSize := size.(eval.NoneType)
	_, noScale := scale.(eval.NoneType)
	var out []int
	scales := make([]float64, max(dim, 0))
	switch {
	case !noSize && !noScale:
		eval.Throw("ValueError", errInterpBoth)
	case !noSize:
		out = a.ToInts("size", size)
		if _, isInt := size.(eval.Int); isInt {
			for len(out) < dim {
				out = append(out, out[0])
			}
		} else if len(out) != dim {
			eval.Throw("ValueError", errInterpSizeLen, intList(x.Shape()[2:]), eval.Repr(size))
		}
	case !noScale:
		var fs []float64
		for _, v := range eval.IterateAll(wrapList(scale)) {
			sc, _ := eval.ToScalar(v)
			fs = append(fs, sc.Float())
		}
		for len(fs) < dim {
			fs = append(fs, fs[0])
		}
		out = make([]int, dim)
		for i := range out {
			out[i] = int(float64(x.Shape()[2+i]) * fs[i])
			if _, none := recompute.(eval.NoneType); none || !s.Truth(recompute) {
				scales[i] = fs[i]
			} else {
				out[i] = int(math.Floor(float64(x.Shape()[2+i]) * fs[i]))
			}
		}
	default:
		eval.Throw("ValueError", errInterpNone)
	}
	if x.Dim() < 3 || x.Dim() > 5 {
		eval.Throw("NotImplementedError", errInterpDims, x.Dim(), mode)
	}
	if mode == "area" {
		if dim == 2 {
			return adaptiveCall(s, x, out)
		}
	}
	need := map[string]int{"linear": 3, "bilinear": 4, "trilinear": 5}
	if d, ok := need[mode]; ok && d != x.Dim() {
		eval.Throw("NotImplementedError", errInterpModeDim, x.Dim(), mode, d)
	}
	if x.Dim() == 5 || (mode != "nearest" && mode != "nearest-exact" && mode != "linear" && mode != "bilinear") {
		eval.Throw("NotImplementedError", errInterpMode, mode, x.Dim())
	}
	x4 := x
	if dim == 1 {
		x4 = x.Unsqueeze(2)
		out = []int{1, out[0]}
		scales = []float64{0, scales[0]}
	}
	h, w := x4.Shape()[2], x4.Shape()[3]
	if out[0] <= 0 || out[1] <= 0 {
		if dim == 1 {
			eval.Throw("RuntimeError", errInterpSizes1d, w, out[1])
		}
		eval.Throw("RuntimeError", errInterpSizes, h, w, out[0], out[1])
	}
	f32 := x.DType() == tensor.Float32
	var ah, aw tensor.Axis
	if mode == "nearest" || mode == "nearest-exact" {
		ah, aw = tensor.NearestAxis(h, out[0], scales[0], mode == "nearest-exact"), tensor.NearestAxis(w, out[1], scales[1], mode == "nearest-exact")
	} else {
		ah, aw = tensor.LinearAxis(h, out[0], alignCorners, scales[0], f32), tensor.LinearAxis(w, out[1], alignCorners, scales[1], f32)
	}
	res := tensor.Interp2d(x4, ah, aw, h, w, false)
	if dim == 1 {
		res = res.SqueezeDim(2)
	}
	if autograd.NeedsGrad(x) {
		names := map[string]string{"nearest": "UpsampleNearest%dDBackward1", "nearest-exact": "UpsampleNearestExact%dDBackward1",
			"linear": "UpsampleLinear%dDBackward1", "bilinear": "UpsampleBilinear%dDBackward1"}
		xshape := x.Shape()
		node := autograd.RecordFunc(fmt.Sprintf(names[mode], dim), []*tensor.Tensor{x}, res, func(g *tensor.Tensor) []*tensor.Tensor {
			g4 := g.Contiguous()
			if dim == 1 {
				g4 = g4.Unsqueeze(2)
			}
			return []*tensor.Tensor{tensor.Interp2d(g4, ah, aw, h, w, true).Reshape(xshape)}
		})
		autograd.SetHistory(res, node, 0)
	}
	return res
}

func wrapList(v eval.Value) eval.Value {
	switch v.(type) {
	case eval.Tuple, *eval.List:
		return v
	}
	return eval.Tuple{v}
}

func adaptiveCall(s *eval.Session, x *tensor.Tensor, out []int) eval.Value {
	f := nnFunctions["adaptive_avg_pool2d"]
	return s.Call(f, &eval.Args{Pos: []eval.Value{x, eval.Tuple{eval.MakeInt(int64(out[0])), eval.MakeInt(int64(out[1]))}}})
}

// foldWindow parses kernel_size, dilation, padding and stride.
func foldWindow(a *eval.Args, k, d, p, st eval.Value) tensor.Window {
	ks, ds, ps, ss := poolParam(a, "kernel_size", k, 2), poolParam(a, "dilation", d, 2), poolParam(a, "padding", p, 2), poolParam(a, "stride", st, 2)
	return tensor.Window{KH: ks[0], KW: ks[1], DH: ds[0], DW: ds[1], PH: ps[0], PW: ps[1], SH: ss[0], SW: ss[1]}
}

func init() {
	nnf("interpolate", "interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None, antialias=False) -> Tensor",
		"Resamples the spatial dims of (N, C, L) or (N, C, H, W) inputs to size (or by scale_factor): modes nearest, nearest-exact, linear, bilinear (align_corners) and area.",
		interpolate)
	nnf("unfold", "unfold(input, kernel_size, dilation=1, padding=0, stride=1) -> Tensor",
		"The sliding blocks of input (N, C, H, W) as columns: (N, C·kh·kw, L) (im2col).",
		func(a *eval.Args) eval.Value {
			var x *tensor.Tensor
			var k, d, p, st eval.Value = nil, eval.MakeInt(1), eval.MakeInt(0), eval.MakeInt(1)
			a.Unpack("input", &x, "kernel_size", &k, "dilation?", &d, "padding?", &p, "stride?", &st)
			if x.Dim() != 4 {
				eval.Throw("NotImplementedError", errUnfoldInput, x.Dim())
			}
			w := foldWindow(a, k, d, p, st)
			if bh, bw := w.Out(x.Shape()[2], x.Shape()[3]); bh < 1 || bw < 1 {
				eval.Throw("RuntimeError", errUnfoldBlocks, x.Shape()[2], x.Shape()[3], w.KH, w.KW, w.DH, w.DW, w.PH, w.PW, bh, bw)
			}
			out := tensor.Im2Col(x, w)
			if autograd.NeedsGrad(x) {
				h, wd := x.Shape()[2], x.Shape()[3]
				n := autograd.RecordFunc("Im2ColBackward0", []*tensor.Tensor{x}, out, func(g *tensor.Tensor) []*tensor.Tensor {
					return []*tensor.Tensor{tensor.Col2Im(g, h, wd, w)}
				})
				autograd.SetHistory(out, n, 0)
			}
			return out
		})
	nnf("fold", "fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1) -> Tensor",
		"Sums columns (N, C·kh·kw, L) back into an (N, C, H, W) output (col2im), the adjoint of unfold.",
		func(a *eval.Args) eval.Value {
			var x *tensor.Tensor
			var os, k, d, p, st eval.Value = nil, nil, eval.MakeInt(1), eval.MakeInt(0), eval.MakeInt(1)
			a.Unpack("input", &x, "output_size", &os, "kernel_size", &k, "dilation?", &d, "padding?", &p, "stride?", &st)
			if x.Dim() != 2 && x.Dim() != 3 {
				eval.Throw("RuntimeError", errFoldInput, intList(x.Shape()))
			}
			w := foldWindow(a, k, d, p, st)
			o := poolParam(a, "output_size", os, 2)
			x3 := x
			if x.Dim() == 2 {
				x3 = x.Unsqueeze(0)
			}
			if x3.Shape()[1]%(w.KH*w.KW) != 0 {
				eval.Throw("RuntimeError", errFoldCols, x3.Shape()[1], w.KH, w.KW)
			}
			bh, bw := w.Out(o[0], o[1])
			if bh*bw != x3.Shape()[2] {
				eval.Throw("RuntimeError", errFoldBlocks, o[0], o[1], w.KH, w.KW, w.DH, w.DW, w.PH, w.PW, w.SH, w.SW, bh, bw, bh*bw, x3.Shape()[2])
			}
			out := tensor.Col2Im(x3, o[0], o[1], w)
			if x.Dim() == 2 {
				out = out.SqueezeDim(0)
			}
			if autograd.NeedsGrad(x) {
				xshape := x.Shape()
				n := autograd.RecordFunc("Col2ImBackward0", []*tensor.Tensor{x}, out, func(g *tensor.Tensor) []*tensor.Tensor {
					g4 := g.Contiguous()
					if len(xshape) == 2 {
						g4 = g4.Unsqueeze(0)
					}
					return []*tensor.Tensor{tensor.Im2Col(g4, w).Reshape(xshape)}
				})
				autograd.SetHistory(out, n, 0)
			}
			return out
		})
}
