package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// The pooling functions of torch.nn.functional over runtime/tensor's
// kernels (nn_pool.go), recorded with PyTorch's nodes:
// MaxPool2DWithIndicesBackward0, AvgPool2DBackward0,
// AdaptiveAvgPool2DBackward0, AdaptiveMaxPool2DBackward0; the 1-d forms
// are the 2-d ones between an unsqueeze and a squeeze, as ATen composes
// them (SqueezeBackward1).

type poolArgs struct {
	win        tensor.Window
	ceil       bool
	indices    bool
	countPad   bool
	divisor    int
	spatialDim int
}

func parsePool(a *eval.Args, spatial int, isMax bool) (*tensor.Tensor, poolArgs) {
	var x *tensor.Tensor
	var kernel, stride, padding, dilation eval.Value = nil, eval.None, eval.MakeInt(0), eval.MakeInt(1)
	var divisor eval.Value = eval.None
	p := poolArgs{countPad: true, spatialDim: spatial}
	if isMax {
		a.Unpack("input", &x, "kernel_size", &kernel, "stride?", &stride, "padding?", &padding,
			"dilation?", &dilation, "ceil_mode?", &p.ceil, "return_indices?", &p.indices)
	} else if spatial == 1 {
		a.Unpack("input", &x, "kernel_size", &kernel, "stride?", &stride, "padding?", &padding,
			"ceil_mode?", &p.ceil, "count_include_pad?", &p.countPad)
	} else {
		a.Unpack("input", &x, "kernel_size", &kernel, "stride?", &stride, "padding?", &padding,
			"ceil_mode?", &p.ceil, "count_include_pad?", &p.countPad, "divisor_override?", &divisor)
	}
	k := poolParam(a, "kernel_size", kernel, spatial)
	s := k
	if _, none := stride.(eval.NoneType); !none {
		if xs := a.ToInts("stride", stride); len(xs) > 0 {
			s = poolParam(a, "stride", stride, spatial)
		}
	}
	pd := poolParam(a, "padding", padding, spatial)
	d := poolParam(a, "dilation", dilation, spatial)
	if d, ok := divisor.(eval.Int); ok {
		v, _ := d.Int64()
		p.divisor = int(v)
	}
	if spatial == 1 {
		k, s, pd, d = []int{1, k[0]}, []int{1, s[0]}, []int{0, pd[0]}, []int{1, d[0]}
	}
	p.win = tensor.Window{KH: k[0], KW: k[1], SH: s[0], SW: s[1], PH: pd[0], PW: pd[1], DH: d[0], DW: d[1]}
	return x, p
}

func poolParam(a *eval.Args, name string, v eval.Value, n int) []int {
	xs := a.ToInts(name, v)
	if len(xs) == 1 && n == 2 {
		return []int{xs[0], xs[0]}
	}
	return xs
}

// pool2d runs a 2-d pooling on x (3-d or 4-d), recording its node.
func pool2d(s *eval.Session, x *tensor.Tensor, p poolArgs, isMax bool) (*tensor.Tensor, *tensor.Tensor) {
	if x.Dim() != 3 && x.Dim() != 4 || x.Numel() == 0 {
		eval.Throw("RuntimeError", errPoolInput, 3, 4)
	}
	w := p.win
	if w.SH == 0 || w.SW == 0 {
		eval.Throw("RuntimeError", errPoolStrideZero)
	}
	if w.SH < 0 || w.SW < 0 {
		eval.Throw("RuntimeError", errPoolStridePos, w.SH, w.SW)
	}
	if w.PH > w.KH/2 || w.PW > w.KW/2 {
		pd, k := w.PH, w.KH
		if w.PH <= w.KH/2 {
			pd, k = w.PW, w.KW
		}
		eval.Throw("RuntimeError", errPoolPadHalf, pd, k)
	}
	unbatched := x.Dim() == 3
	x4 := x
	if unbatched {
		x4 = x.Unsqueeze(0)
	}
	c, h, wd := x4.Shape()[1], x4.Shape()[2], x4.Shape()[3]
	oh := tensor.PoolOutSize(h, w.KH, w.PH, w.SH, w.DH, p.ceil)
	ow := tensor.PoolOutSize(wd, w.KW, w.PW, w.SW, w.DW, p.ceil)
	if oh < 1 || ow < 1 {
		eval.Throw("RuntimeError", errPoolTooSmall, c, h, wd, c, oh, ow)
	}
	var out, idx *tensor.Tensor
	if isMax {
		out, idx = tensor.MaxPool2d(x4, w, oh, ow)
	} else {
		out = tensor.AvgPool2d(x4, w, tensor.AvgOpts{CountIncludePad: p.countPad, Divisor: p.divisor}, oh, ow, h, wd, false)
	}
	if unbatched {
		out = out.SqueezeDim(0)
		if idx != nil {
			idx = idx.SqueezeDim(0)
		}
	}
	if autograd.NeedsGrad(x) {
		name := "AvgPool2DBackward0"
		if isMax {
			name = "MaxPool2DWithIndicesBackward0"
		}
		xshape := x.Shape()
		n := autograd.RecordFunc(name, []*tensor.Tensor{x}, out, func(g *tensor.Tensor) []*tensor.Tensor {
			return noGradTs(func() []*tensor.Tensor {
				g4 := g.Contiguous()
				if unbatched {
					g4 = g4.Unsqueeze(0)
				}
				var gx *tensor.Tensor
				if isMax {
					i4 := idx
					if unbatched {
						i4 = idx.Unsqueeze(0)
					}
					gx = tensor.MaxUnpool2d(g4, i4, h, wd)
				} else {
					gx = tensor.AvgPool2d(g4, w, tensor.AvgOpts{CountIncludePad: p.countPad, Divisor: p.divisor}, oh, ow, h, wd, true)
				}
				return []*tensor.Tensor{gx.Reshape(xshape)}
			})
		})
		autograd.SetHistory(out, n, 0)
	}
	return out, idx
}

// pool runs F.{max,avg}_pool{1,2}d.
func pool(a *eval.Args, spatial int, isMax bool) eval.Value {
	x, p := parsePool(a, spatial, isMax)
	s := a.Session()
	if spatial == 1 {
		if x.Dim() != 2 && x.Dim() != 3 {
			eval.Throw("RuntimeError", errPoolInput, 2, 3)
		}
		xu := callMT(s, "unsqueeze", x, eval.MakeInt(-2))
		out, idx := pool2d(s, xu, p, isMax)
		r := callM(s, "squeeze", out, eval.MakeInt(-2))
		if p.indices {
			return eval.Tuple{r, idx.SqueezeDim(idx.Dim() - 2)}
		}
		return r
	}
	out, idx := pool2d(s, x, p, isMax)
	if p.indices {
		return eval.Tuple{out, idx}
	}
	return out
}

// adaptive runs F.adaptive_{avg,max}_pool2d.
func adaptive(a *eval.Args, isMax bool) eval.Value {
	var x *tensor.Tensor
	var size eval.Value
	indices := false
	if isMax {
		a.Unpack("input", &x, "output_size", &size, "return_indices?", &indices)
	} else {
		a.Unpack("input", &x, "output_size", &size)
	}
	if x.Dim() != 3 && x.Dim() != 4 {
		eval.Throw("RuntimeError", errAdaptiveInput, eval.Repr(eval.Size(x.Shape())))
	}
	hw := x.Shape()[x.Dim()-2:]
	var os []int
	if t, ok := size.(eval.Tuple); ok {
		os = make([]int, 2)
		for i, e := range t {
			if _, none := e.(eval.NoneType); none {
				os[i] = hw[i]
			} else {
				os[i] = int(a.ToInt("output_size", e))
			}
		}
	} else {
		os = poolParam(a, "output_size", size, 2)
	}
	s := a.Session()
	if !isMax && os[0] == 1 && os[1] == 1 {
		return callM(s, "mean", x, eval.Tuple{eval.MakeInt(-1), eval.MakeInt(-2)}, eval.Bool(true))
	}
	unbatched := x.Dim() == 3
	x4 := x
	if unbatched {
		x4 = x.Unsqueeze(0)
	}
	out, idx := tensor.AdaptivePool2d(x4, os[0], os[1], isMax)
	if unbatched {
		out, idx = out.SqueezeDim(0), idx.SqueezeDim(0)
	}
	if autograd.NeedsGrad(x) {
		name := "AdaptiveAvgPool2DBackward0"
		if isMax {
			name = "AdaptiveMaxPool2DBackward0"
		}
		xshape := x.Shape()
		n := autograd.RecordFunc(name, []*tensor.Tensor{x}, out, func(g *tensor.Tensor) []*tensor.Tensor {
			return noGradTs(func() []*tensor.Tensor {
				g4 := g.Contiguous()
				i4 := idx
				if unbatched {
					g4, i4 = g4.Unsqueeze(0), idx.Unsqueeze(0)
				}
				if isMax {
					return []*tensor.Tensor{tensor.MaxUnpool2d(g4, i4, hw[0], hw[1]).Reshape(xshape)}
				}
				return []*tensor.Tensor{tensor.AdaptiveAvgPool2dBackward(g4, hw[0], hw[1]).Reshape(xshape)}
			})
		})
		autograd.SetHistory(out, n, 0)
	}
	if indices {
		return eval.Tuple{out, idx}
	}
	return out
}

func init() {
	nnf("max_pool2d", "max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False)",
		"The maximum of each kernel_size window of input (N, C, H, W) or (C, H, W), stepping by stride (default kernel_size); with return_indices the flat positions too.",
		func(a *eval.Args) eval.Value { return pool(a, 2, true) })
	nnf("max_pool1d", "max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False)",
		"The maximum of each kernel_size window of input (N, C, L) or (C, L).",
		func(a *eval.Args) eval.Value { return pool(a, 1, true) })
	nnf("avg_pool2d", "avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None) -> Tensor",
		"The mean of each kernel_size window of input (N, C, H, W) or (C, H, W); count_include_pad counts the zero padding in the divisor.",
		func(a *eval.Args) eval.Value { return pool(a, 2, false) })
	nnf("avg_pool1d", "avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True) -> Tensor",
		"The mean of each kernel_size window of input (N, C, L) or (C, L).",
		func(a *eval.Args) eval.Value { return pool(a, 1, false) })
	nnf("adaptive_avg_pool2d", "adaptive_avg_pool2d(input, output_size) -> Tensor",
		"Average pooling to output_size (an int or an (H, W) pair, None keeping the input's size): window i spans [i·n/o, ⌈(i+1)·n/o⌉).",
		func(a *eval.Args) eval.Value { return adaptive(a, false) })
	nnf("adaptive_max_pool2d", "adaptive_max_pool2d(input, output_size, return_indices=False)",
		"Max pooling to output_size (an int or an (H, W) pair).",
		func(a *eval.Args) eval.Value { return adaptive(a, true) })
}
