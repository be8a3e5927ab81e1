package torch

import (
	"fmt"
	"strings"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/linalg"
	"github.com/tensh/tensh/runtime/tensor"
)

// F.conv1d, F.conv2d and F.conv_transpose2d: im2col (runtime/tensor's
// Im2Col) and a matrix product per group, recorded as one
// ConvolutionBackward0 whose backward is col2im of the weight's transpose
// times the gradient (input), the gradient times the columns (weight) and
// the gradient's sum (bias).

// expandParam is an int or a tuple of n ints (one int repeats), as ATen's
// expand_param_if_needed checks it.
func expandParam(a *eval.Args, name string, v eval.Value, n int) []int {
	xs := a.ToInts(name, v)
	if len(xs) == 1 && n > 1 {
		if _, isInt := v.(eval.Int); isInt {
			out := make([]int, n)
			for i := range out {
				out[i] = xs[0]
			}
			return out
		}
	}
	if len(xs) != n {
		eval.Throw("RuntimeError", errConvParamLen, name, n, name, intList(xs))
	}
	return xs
}

func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// convParams are a convolution's arguments over 2 spatial dims (1-d
// convolutions get a height of 1).
type convParams struct {
	win       tensor.Window
	groups    int
	transpose bool
	outPadH   int
	outPadW   int
	padRight  [2]int // extra right padding of padding='same' with even kernels
}

func noGradT(f func() *tensor.Tensor) *tensor.Tensor {
	prev := autograd.SetGradEnabled(false)
	defer autograd.SetGradEnabled(prev)
	return f()
}

func addT(a, b *tensor.Tensor) *tensor.Tensor {
	return tensor.Add(tensor.TensorOperand(a), tensor.TensorOperand(b), tensor.IntS(1), tensor.Opts{})
}

// convForward computes the convolution of x4 (N, C, H, W) with w4
// (no autograd), returning the output and the columns of each group
// (kept for the backward when keep is set).
func convForward(x4, w4, b *tensor.Tensor, p convParams, keep bool) (*tensor.Tensor, []*tensor.Tensor) {
	n, c, h, wd := x4.Shape()[0], x4.Shape()[1], x4.Shape()[2], x4.Shape()[3]
	g := p.groups
	if p.transpose {
		cin, coutG := w4.Shape()[0], w4.Shape()[1]
		kk := p.win.KH * p.win.KW
		oh := (h-1)*p.win.SH - 2*p.win.PH + p.win.DH*(p.win.KH-1) + p.outPadH + 1
		ow := (wd-1)*p.win.SW - 2*p.win.PW + p.win.DW*(p.win.KW-1) + p.outPadW + 1
		parts := make([]*tensor.Tensor, g)
		for gi := 0; gi < g; gi++ {
			xg := x4.Narrow(1, gi*cin/g, cin/g).Reshape([]int{n, cin / g, h * wd})
			wg := w4.Narrow(0, gi*cin/g, cin/g).Reshape([]int{cin / g, coutG * kk})
			cols := linalg.Matmul(wg.T(), xg)
			parts[gi] = tensor.Col2Im(cols, oh, ow, p.win)
		}
		out := parts[0]
		if g > 1 {
			out = tensor.Cat(parts, 1)
		}
		if b != nil {
			out = addT(out, b.Reshape([]int{1, -1, 1, 1}))
		}
		return out, nil
	}
	o := w4.Shape()[0]
	oh, ow := p.win.Out(h, wd)
	parts := make([]*tensor.Tensor, g)
	var kept []*tensor.Tensor
	for gi := 0; gi < g; gi++ {
		xg := x4
		if g > 1 {
			xg = x4.Narrow(1, gi*c/g, c/g)
		}
		cols := tensor.Im2Col(xg, p.win)
		if keep {
			kept = append(kept, cols)
		}
		wg := w4.Narrow(0, gi*o/g, o/g).Reshape([]int{o / g, -1})
		parts[gi] = linalg.Matmul(wg, cols)
	}
	out := parts[0]
	if g > 1 {
		out = tensor.Cat(parts, 1)
	}
	out = out.Reshape([]int{n, o, oh, ow})
	if b != nil {
		out = addT(out, b.Reshape([]int{1, -1, 1, 1}))
	}
	return out, kept
}

// convBackward is convolution_backward: the gradients of x4 and w4 for
// the output gradient g4.
func convBackward(g4, x4, w4 *tensor.Tensor, p convParams, kept []*tensor.Tensor) (*tensor.Tensor, *tensor.Tensor) {
	n, c, h, wd := x4.Shape()[0], x4.Shape()[1], x4.Shape()[2], x4.Shape()[3]
	gr := p.groups
	gxs, gws := make([]*tensor.Tensor, gr), make([]*tensor.Tensor, gr)
	if p.transpose {
		cin, coutG := w4.Shape()[0], w4.Shape()[1]
		kk := p.win.KH * p.win.KW
		for gi := 0; gi < gr; gi++ {
			gcols := tensor.Im2Col(g4.Narrow(1, gi*coutG, coutG), p.win) // (N, coutG·kk, h·w)
			wg := w4.Narrow(0, gi*cin/gr, cin/gr).Reshape([]int{cin / gr, coutG * kk})
			gxs[gi] = linalg.Matmul(wg, gcols).Reshape([]int{n, cin / gr, h, wd})
			xg := x4.Narrow(1, gi*cin/gr, cin/gr).Reshape([]int{n, cin / gr, h * wd}).Permute([]int{1, 0, 2}).Reshape([]int{cin / gr, -1})
			gc := gcols.Permute([]int{0, 2, 1}).Reshape([]int{-1, coutG * kk})
			gws[gi] = linalg.Matmul(xg, gc).Reshape([]int{cin / gr, coutG, p.win.KH, p.win.KW})
		}
	} else {
		o := w4.Shape()[0]
		oh, ow := g4.Shape()[2], g4.Shape()[3]
		for gi := 0; gi < gr; gi++ {
			gg := g4.Narrow(1, gi*o/gr, o/gr).Reshape([]int{n, o / gr, oh * ow})
			wg := w4.Narrow(0, gi*o/gr, o/gr).Reshape([]int{o / gr, -1})
			gxs[gi] = tensor.Col2Im(linalg.Matmul(wg.T(), gg), h, wd, p.win)
			var cols *tensor.Tensor
			if kept != nil {
				cols = kept[gi]
			} else {
				xg := x4
				if gr > 1 {
					xg = x4.Narrow(1, gi*c/gr, c/gr)
				}
				cols = tensor.Im2Col(xg, p.win)
			}
			cols = cols.Permute([]int{0, 2, 1}).Reshape([]int{n * oh * ow, -1})
			gws[gi] = linalg.Matmul(gg.Permute([]int{1, 0, 2}).Reshape([]int{o / gr, -1}), cols).Reshape(w4.Narrow(0, 0, o/gr).Shape())
		}
	}
	gx, gw := gxs[0], gws[0]
	if gr > 1 {
		gx, gw = tensor.Cat(gxs, 1), tensor.Cat(gws, 0)
	}
	return gx, gw
}

// convolution runs F.convNd for x, w (at their own ranks: 3 for 1-d
// convolutions, 4 for 2-d), recording ConvolutionBackward0.
func convolution(s *eval.Session, name string, x, w, b *tensor.Tensor, p convParams, spatial int) *tensor.Tensor {
	checkConv(name, x, w, b, &p, spatial)
	unbatched := x.Dim() == spatial+1
	xin := x
	if unbatched {
		x = x.Unsqueeze(0)
	}
	x4, w4 := x, w
	if spatial == 1 {
		x4, w4 = x.Unsqueeze(2), w.Unsqueeze(2)
	}
	xp := x4
	if p.padRight != [2]int{} {
		xp = tensor.Pad(x4, []int{0, p.padRight[1], 0, p.padRight[0]}, "constant", 0, false)
	}
	need := autograd.NeedsGrad(xin, w, b)
	var kept []*tensor.Tensor
	out := noGradT(func() *tensor.Tensor {
		o, k := convForward(xp, w4, b, p, need && !p.transpose)
		kept = k
		return o
	})
	if spatial == 1 {
		out = out.SqueezeDim(2)
	}
	if unbatched {
		out = out.SqueezeDim(0)
	}
	out = out.Contiguous()
	if !need {
		return out
	}
	inputs := []*tensor.Tensor{xin, w, b}
	n := autograd.RecordFunc("ConvolutionBackward0", inputs, out, func(g *tensor.Tensor) []*tensor.Tensor {
		return noGradTs(func() []*tensor.Tensor {
			g4 := g
			if unbatched {
				g4 = g4.Unsqueeze(0)
			}
			if spatial == 1 {
				g4 = g4.Unsqueeze(2)
			}
			gx, gw := convBackward(g4.Contiguous(), xp, w4, p, kept)
			if p.padRight != [2]int{} {
				gx = gx.Narrow(2, 0, x4.Shape()[2]).Narrow(3, 0, x4.Shape()[3])
			}
			if spatial == 1 {
				gx, gw = gx.SqueezeDim(2), gw.SqueezeDim(2)
			}
			if unbatched {
				gx = gx.SqueezeDim(0)
			}
			var gb *tensor.Tensor
			if b != nil {
				dims := []int{0}
				for d := 2; d < g4.Dim(); d++ {
					dims = append(dims, d)
				}
				gb = tensor.Sum(g4, dims, false)
			}
			return []*tensor.Tensor{gx.Contiguous(), gw.Contiguous(), gb}
		})
	})
	autograd.SetHistory(out, n, 0)
	return out
}

func noGradTs(f func() []*tensor.Tensor) []*tensor.Tensor {
	prev := autograd.SetGradEnabled(false)
	defer autograd.SetGradEnabled(prev)
	return f()
}

// checkConv raises ATen's errors for a convolution's shapes and dtypes.
func checkConv(name string, x, w, b *tensor.Tensor, p *convParams, spatial int) {
	if x.Dim() != spatial+1 && x.Dim() != spatial+2 {
		eval.Throw("RuntimeError", errConvInputDims, spatial+1, spatial+2, name, intList(x.Shape()))
	}
	if b != nil && b.DType() != x.DType() {
		eval.Throw("RuntimeError", errConvBiasType, strings.ToLower(x.DType().ScalarName()), strings.ToLower(b.DType().ScalarName()))
	}
	if w.DType() != x.DType() {
		eval.Throw("RuntimeError", errScalarTypeFound, x.DType().ScalarName(), w.DType().ScalarName())
	}
	if w.Dim() != spatial+2 {
		eval.Throw("RuntimeError", errConvWeightDims)
	}
	xs := x.Shape()
	if x.Dim() == spatial+1 {
		xs = append([]int{1}, xs...)
	}
	c := xs[1]
	if p.transpose {
		if c != w.Shape()[0] {
			eval.Throw("RuntimeError", errConvTChannels, intList(w.Shape()), intList(xs), w.Shape()[0], c)
		}
		return
	}
	if w.Shape()[0]%p.groups != 0 {
		eval.Throw("RuntimeError", errConvGroupsDiv, p.groups, p.groups, intList(w.Shape()))
	}
	if c != w.Shape()[1]*p.groups {
		eval.Throw("RuntimeError", errConvChannels, p.groups, intList(w.Shape()), intList(xs), w.Shape()[1]*p.groups, c)
	}
	ks := w.Shape()[2:]
	in, kern := make([]string, spatial), make([]string, spatial)
	bad := false
	pads := []int{p.win.PH, p.win.PW}[2-spatial:]
	dils := []int{p.win.DH, p.win.DW}[2-spatial:]
	extra := p.padRight[2-spatial:]
	for i := 0; i < spatial; i++ {
		pi := xs[2+i] + 2*pads[i] + extra[i]
		ki := dils[i]*(ks[i]-1) + 1
		in[i], kern[i] = fmt.Sprint(pi), fmt.Sprint(ki)
		bad = bad || pi < ki
	}
	if bad {
		eval.Throw("RuntimeError", errConvKernelSize, strings.Join(in, " x "), strings.Join(kern, " x "))
	}
}

// convArgs parses F.convNd's arguments.
func convArgs(a *eval.Args, spatial int, transpose bool) (x, w, b *tensor.Tensor, p convParams) {
	var bias, stride, padding, dilation, outPad eval.Value = eval.None, eval.MakeInt(1), eval.MakeInt(0), eval.MakeInt(1), eval.MakeInt(0)
	p.groups = 1
	if transpose {
		a.Unpack("input", &x, "weight", &w, "bias?", &bias, "stride?", &stride, "padding?", &padding,
			"output_padding?", &outPad, "groups?", &p.groups, "dilation?", &dilation)
	} else {
		a.Unpack("input", &x, "weight", &w, "bias?", &bias, "stride?", &stride, "padding?", &padding,
			"dilation?", &dilation, "groups?", &p.groups)
	}
	b, _ = bias.(*tensor.Tensor)
	st := expandParam(a, "stride", stride, spatial)
	if w.Dim() != spatial+2 && w.Dim() >= 2 {
		eval.Throw("RuntimeError", errConvParamLen, "stride", w.Dim()-2, "stride", intList(st))
	}
	for _, v := range st {
		if v <= 0 {
			eval.Throw("RuntimeError", errConvStride)
		}
	}
	di := expandParam(a, "dilation", dilation, spatial)
	pd := make([]int, spatial)
	if ps, isStr := padding.(eval.Str); isStr && !transpose {
		switch ps {
		case "valid":
		case "same":
			for _, s := range st {
				if s != 1 {
					eval.Throw("ValueError", errConvSameStride)
				}
			}
			if w.Dim() == spatial+2 {
				for i := 0; i < spatial; i++ {
					total := di[i] * (w.Shape()[2+i] - 1)
					pd[i] = total / 2
					if total%2 != 0 {
						p.padRight[2-spatial+i] = 1
					}
				}
				if p.padRight != [2]int{} {
					a.Session().Warn("UserWarning", warnConvSameEven)
				}
			}
		default:
			eval.Throw("RuntimeError", errConvPadString, string(ps))
		}
	} else {
		pd = expandParam(a, "padding", padding, spatial)
	}
	if spatial == 1 {
		st, pd, di = []int{1, st[0]}, []int{0, pd[0]}, []int{1, di[0]}
	}
	if w.Dim() == spatial+2 {
		k := w.Shape()[2:]
		if spatial == 1 {
			k = []int{1, k[0]}
		}
		p.win = tensor.Window{KH: k[0], KW: k[1], SH: st[0], SW: st[1], PH: pd[0], PW: pd[1], DH: di[0], DW: di[1]}
	}
	if transpose {
		op := expandParam(a, "output_padding", outPad, spatial)
		if spatial == 1 {
			op = []int{0, op[0]}
		}
		p.outPadH, p.outPadW = op[0], op[1]
	}
	p.transpose = transpose
	return
}

func init() {
	nnf("conv1d", "conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) -> Tensor",
		"1-d convolution (cross-correlation) of input (N, C, L) or (C, L) with weight (O, C/groups, k); padding an int, a tuple, 'valid' or 'same'.",
		func(a *eval.Args) eval.Value {
			x, w, b, p := convArgs(a, 1, false)
			return convolution(a.Session(), "conv1d", x, w, b, p, 1)
		})
	nnf("conv2d", "conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) -> Tensor",
		"2-d convolution (cross-correlation) of input (N, C, H, W) or (C, H, W) with weight (O, C/groups, kh, kw); padding an int, a pair, 'valid' or 'same'.",
		func(a *eval.Args) eval.Value {
			x, w, b, p := convArgs(a, 2, false)
			return convolution(a.Session(), "conv2d", x, w, b, p, 2)
		})
	nnf("conv_transpose2d", "conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1) -> Tensor",
		"The transposed 2-d convolution (the gradient of conv2d with respect to its input) of input (N, Cin, H, W) with weight (Cin, Cout/groups, kh, kw).",
		func(a *eval.Args) eval.Value {
			x, w, b, p := convArgs(a, 2, true)
			return convolution(a.Session(), "conv_transpose2d", x, w, b, p, 2)
		})
	nnf("conv_transpose1d", "conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1) -> Tensor",
		"The transposed 1-d convolution of input (N, Cin, L) with weight (Cin, Cout/groups, k).",
		func(a *eval.Args) eval.Value {
			x, w, b, p := convArgs(a, 1, true)
			return convolution(a.Session(), "conv_transpose1d", x, w, b, p, 1)
		})
}
