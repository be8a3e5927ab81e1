package torch

import (
	"fmt"
	"math"
	"slices"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/autograd"
	"github.com/tensh/tensh/runtime/tensor"
)

// F.batch_norm, F.layer_norm, F.group_norm (NativeBatchNormBackward0,
// NativeLayerNormBackward0, NativeGroupNormBackward0), the dropouts
// (ATen's _dropout: a bernoulli_ noise divided by 1-p, multiplied in, so
// the masks are PyTorch's for a seed) and F.embedding.

func f32round(d tensor.DType, v float64) float64 {
	if d == tensor.Float32 {
		return float64(float32(v))
	}
	return v
}

func floatsOf(t *tensor.Tensor) []float64 {
	if t == nil {
		return nil
	}
	c := t.To(tensor.Float64).Contiguous()
	return tensor.Slice[float64](c.Storage())[c.Offset() : c.Offset()+c.Numel()]
}

func mulT(a, b *tensor.Tensor) *tensor.Tensor {
	return tensor.Binary(tensor.OpMul, tensor.TensorOperand(a), tensor.TensorOperand(b), tensor.Opts{})
}

// channelShape is (1, C, 1, ...) for broadcasting a per-channel vector
// over an input of dim n.
func channelShape(c, n int) []int {
	s := make([]int, max(n, 2))
	for i := range s {
		s[i] = 1
	}
	s[1] = c
	return s
}

func batchNorm(s *eval.Session, x, rm, rv, w, b *tensor.Tensor, training bool, momentum, eps float64) *tensor.Tensor {
	if x.Dim() < 2 {
		eval.Throw("ValueError", errBNChannel, eval.Repr(eval.Size(x.Shape())))
	}
	n, c := x.Shape()[0], x.Shape()[1]
	inner := x.Numel() / max(n*c, 1)
	if training && n*inner == 1 {
		eval.Throw("ValueError", errBNChannel, eval.Repr(eval.Size(x.Shape())))
	}
	if rm != nil && rm.Numel() != c {
		eval.Throw("RuntimeError", errBNRunningSize, c, rm.Numel())
	}
	if !training && (rm == nil || rv == nil) {
		eval.Throw("RuntimeError", errBNRunning)
	}
	d := x.DType()
	var mean, invstd []float64
	if training {
		m, v := tensor.Moments(x, n, c, inner)
		if d == tensor.Float32 {
			m, v = tensor.BatchMomentsF32(x, n, c, inner)
		}
		mean, invstd = m, tensor.Rstd(v, eps)
		if rm != nil || rv != nil {
			noGradT(func() *tensor.Tensor {
				cnt := float64(n * inner)
				if rm != nil {
					old := floatsOf(rm)
					nv := make([]float64, c)
					for i := range nv {
						nv[i] = momentum*m[i] + (1-momentum)*old[i]
					}
					tensor.CopyInto(rm, tensor.FromSlice(nv, c).To(rm.DType()))
					autograd.BumpVersion(rm)
				}
				if rv != nil {
					old := floatsOf(rv)
					nv := make([]float64, c)
					for i := range nv {
						nv[i] = momentum*v[i]*cnt/(cnt-1) + (1-momentum)*old[i]
					}
					tensor.CopyInto(rv, tensor.FromSlice(nv, c).To(rv.DType()))
					autograd.BumpVersion(rv)
				}
				return nil
			})
		}
	} else {
		mean, invstd = floatsOf(rm), make([]float64, c)
		for i, v := range floatsOf(rv) {
			invstd[i] = 1 / math.Sqrt(v+eps)
		}
	}
	ws, bs := floatsOf(w), floatsOf(b)
	alpha, beta := make([]float64, c), make([]float64, c)
	for i := 0; i < c; i++ {
		mi, is := f32round(d, mean[i]), f32round(d, invstd[i])
		wv, bv := 1.0, 0.0
		if ws != nil {
			wv = ws[i]
		}
		if bs != nil {
			bv = bs[i]
		}
		alpha[i] = f32round(d, is*wv)
		beta[i] = f32round(d, bv-f32round(d, mi*alpha[i]))
	}
	out := tensor.AffineChannels(x, n, c, inner, alpha, beta)
	if d == tensor.Float32 {
		out = tensor.AffineChannelsFMA(x, n, c, inner, alpha, beta)
	}
	if !autograd.NeedsGrad(x, w, b) {
		return out
	}
	node := autograd.RecordFunc("NativeBatchNormBackward0", []*tensor.Tensor{x, w, b}, out, func(g *tensor.Tensor) []*tensor.Tensor {
		return noGradTs(func() []*tensor.Tensor {
			g = g.Contiguous()
			wv := tensor.Full([]int{c}, tensor.FloatS(1), tensor.Float64)
			if w != nil {
				wv = w.To(tensor.Float64)
			}
			dx := mulT(g.To(tensor.Float64), wv.Reshape(channelShape(c, x.Dim())))
			var gx *tensor.Tensor
			if training {
				gx = tensor.NormBackward(x, dx, n, c, inner, mean, invstd)
			} else {
				gx = mulT(dx, tensor.FromSlice(invstd, c).Reshape(channelShape(c, x.Dim()))).To(d)
			}
			dims := []int{0}
			for i := 2; i < x.Dim(); i++ {
				dims = append(dims, i)
			}
			xh := tensor.Normalized(x, n, c, inner, mean, invstd)
			var gw, gb *tensor.Tensor
			if w != nil {
				gw = tensor.Sum(mulT(g.To(tensor.Float64), xh), dims, false).To(w.DType())
			}
			if b != nil {
				gb = tensor.Sum(g, dims, false)
			}
			return []*tensor.Tensor{gx, gw, gb}
		})
	})
	autograd.SetHistory(out, node, 0)
	return out
}

func layerNorm(x *tensor.Tensor, shape []int, w, b *tensor.Tensor, eps float64) *tensor.Tensor {
	k := len(shape)
	if k == 0 {
		eval.Throw("RuntimeError", errLNEmptyShape, intList(shape))
	}
	if k > x.Dim() || !slices.Equal(x.Shape()[x.Dim()-k:], shape) {
		star := ""
		for _, v := range shape {
			star += fmt.Sprintf(", %d", v)
		}
		eval.Throw("RuntimeError", errLNShape, intList(shape), star, intList(x.Shape()))
	}
	m := tensor.Numel(shape)
	rows := x.Numel() / max(m, 1)
	mean, v := tensor.Moments(x, 1, rows, m)
	rstd := tensor.Rstd(v, eps)
	var out *tensor.Tensor
	if x.DType() == tensor.Float32 {
		out, mean, rstd = tensor.LayerNormF32(x, rows, m, eps, w, b)
	} else {
		out = tensor.LayerNormRows(x, rows, m, mean, rstd, w, b)
	}
	if !autograd.NeedsGrad(x, w, b) {
		return out
	}
	node := autograd.RecordFunc("NativeLayerNormBackward0", []*tensor.Tensor{x, w, b}, out, func(g *tensor.Tensor) []*tensor.Tensor {
		return noGradTs(func() []*tensor.Tensor {
			g64 := g.Contiguous().To(tensor.Float64).Reshape([]int{rows, m})
			dx := g64
			if w != nil {
				dx = mulT(g64, w.To(tensor.Float64).Reshape([]int{1, m}))
			}
			gx := tensor.NormBackward(x, dx.Reshape(x.Shape()), 1, rows, m, mean, rstd)
			xh := tensor.Normalized(x, 1, rows, m, mean, rstd).Reshape([]int{rows, m})
			var gw, gb *tensor.Tensor
			if w != nil {
				gw = tensor.Sum(mulT(g64, xh), []int{0}, false).Reshape(w.Shape()).To(w.DType())
			}
			if b != nil {
				gb = tensor.Sum(g64, []int{0}, false).Reshape(b.Shape()).To(b.DType())
			}
			return []*tensor.Tensor{gx, gw, gb}
		})
	})
	autograd.SetHistory(out, node, 0)
	return out
}

func groupNorm(x *tensor.Tensor, groups int, w, b *tensor.Tensor, eps float64) *tensor.Tensor {
	if x.Dim() < 2 {
		eval.Throw("IndexError", errDimRange, -max(x.Dim(), 1), max(x.Dim(), 1)-1, 1)
	}
	n, c := x.Shape()[0], x.Shape()[1]
	if groups <= 0 || c%groups != 0 {
		eval.Throw("RuntimeError", errGNGroups, intList(x.Shape()), groups)
	}
	hw := x.Numel() / max(n*c, 1)
	m := c / groups * hw
	mean, v := tensor.Moments(x, 1, n*groups, m)
	rstd := tensor.Rstd(v, eps)
	d := x.DType()
	ws, bs := floatsOf(w), floatsOf(b)
	alpha, beta := make([]float64, n*c), make([]float64, n*c)
	for i := 0; i < n; i++ {
		for ch := 0; ch < c; ch++ {
			gi := i*groups + ch/(c/groups)
			wv, bv := 1.0, 0.0
			if ws != nil {
				wv = ws[ch]
			}
			if bs != nil {
				bv = bs[ch]
			}
			alpha[i*c+ch] = f32round(d, f32round(d, rstd[gi])*wv)
			beta[i*c+ch] = f32round(d, bv-f32round(d, f32round(d, mean[gi])*alpha[i*c+ch]))
		}
	}
	out := tensor.AffineChannels(x, 1, n*c, hw, alpha, beta)
	if !autograd.NeedsGrad(x, w, b) {
		return out
	}
	node := autograd.RecordFunc("NativeGroupNormBackward0", []*tensor.Tensor{x, w, b}, out, func(g *tensor.Tensor) []*tensor.Tensor {
		return noGradTs(func() []*tensor.Tensor {
			g64 := g.Contiguous().To(tensor.Float64)
			dx := g64
			if w != nil {
				dx = mulT(g64, w.To(tensor.Float64).Reshape(channelShape(c, x.Dim())))
			}
			gx := tensor.NormBackward(x, dx, 1, n*groups, m, mean, rstd)
			xh := tensor.Normalized(x, 1, n*groups, m, mean, rstd).Reshape(x.Shape())
			dims := []int{0}
			for i := 2; i < x.Dim(); i++ {
				dims = append(dims, i)
			}
			var gw, gb *tensor.Tensor
			if w != nil {
				gw = tensor.Sum(mulT(g64, xh), dims, false).To(w.DType())
			}
			if b != nil {
				gb = tensor.Sum(g64, dims, false).To(b.DType())
			}
			return []*tensor.Tensor{gx, gw, gb}
		})
	})
	autograd.SetHistory(out, node, 0)
	return out
}

// dropout is ATen's _dropout (feature: one draw per (N, C) map).
func dropout(s *eval.Session, x *tensor.Tensor, p float64, training, inplace, feature bool) eval.Value {
	if p < 0 || p > 1 {
		eval.Throw("ValueError", errDropoutP, eval.Repr(eval.Float(p)))
	}
	if p == 0 || !training || x.Numel() == 0 {
		return x
	}
	op := "mul"
	if inplace {
		op = "mul_"
	}
	if p == 1 {
		return callM(s, op, x, tensor.Full(nil, tensor.FloatS(0), x.DType()))
	}
	shape := x.Shape()
	if feature {
		shape = channelShape(0, x.Dim())
		shape[0], shape[1] = x.Shape()[0], x.Shape()[1]
	}
	noise := tensor.Empty(shape, x.DType())
	noise.BernoulliScalar_(1-p, tensor.DefaultGenerator)
	noise = callMT(s, "div_", noise, eval.Float(1-p))
	return callM(s, op, x, noise)
}

func embedding(x, w *tensor.Tensor, pad int, maxNorm *float64, normType float64) *tensor.Tensor {
	if x.DType() != tensor.Int64 && x.DType() != tensor.Int32 {
		eval.Throw("RuntimeError", errEmbedIndexType, tensor.LegacyTypeName(x.DType(), x.Device()))
	}
	if w.Dim() != 2 {
		eval.Throw("RuntimeError", errEmbedWeight2D)
	}
	rows := w.Shape()[0]
	idx := floatsOf(x)
	pos := make([]int64, len(idx))
	for i, v := range idx {
		if v < 0 || int(v) >= rows {
			eval.Throw("IndexError", errEmbedRange)
		}
		pos[i] = int64(v)
	}
	if maxNorm != nil {
		noGradT(func() *tensor.Tensor {
			seen := map[int64]bool{}
			for _, r := range pos {
				if seen[r] {
					continue
				}
				seen[r] = true
				row := w.Select(0, int(r))
				norm := tensor.Norm(row, normType, nil, false).Item().Float()
				if norm > *maxNorm {
					scale := *maxNorm / (norm + 1e-7)
					tensor.CopyInto(row, tensor.MapElems(row, func(v float64) float64 { return v * scale }))
				}
			}
			autograd.BumpVersion(w)
			return nil
		})
	}
	it := tensor.FromSlice(pos, len(pos))
	out := w.Index([]*tensor.Tensor{it}, nil)
	out = out.Reshape(append(append([]int{}, x.Shape()...), w.Shape()[1:]...))
	if autograd.NeedsGrad(w) {
		wshape := append([]int{}, w.Shape()...)
		node := autograd.RecordFunc("EmbeddingBackward0", []*tensor.Tensor{w}, out, func(g *tensor.Tensor) []*tensor.Tensor {
			return noGradTs(func() []*tensor.Tensor {
				gw := tensor.Full(wshape, tensor.FloatS(0), g.DType())
				g2 := g.Contiguous().Reshape([]int{len(pos), -1})
				for i, r := range pos {
					if int(r) == pad {
						continue
					}
					dst := gw.Select(0, int(r))
					tensor.CopyInto(dst, addT(dst, g2.Select(0, i).Reshape(dst.Shape())))
				}
				return []*tensor.Tensor{gw}
			})
		})
		autograd.SetHistory(out, node, 0)
	}
	return out
}
