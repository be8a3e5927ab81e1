//go:build !amd64 || purego

package tensor

import "unsafe"

// useAVX2 is false where there are no AVX2 kernels; the functions below
// are never called then.
var useAVX2 = false

func expf32AVX2(dst, src *float32, n int)     { panic("tensor: no AVX2 kernels") }
func sigmoidf32AVX2(dst, src *float32, n int) { panic("tensor: no AVX2 kernels") }

func addRowsf32AVX2(acc, src *float32, rows int) { panic("tensor: no AVX2 kernels") }
func addRowsf64AVX2(acc, src *float64, rows int) { panic("tensor: no AVX2 kernels") }
func addf32AVX2(dst, src *float32, n int)        { panic("tensor: no AVX2 kernels") }
func addf64AVX2(dst, src *float64, n int)        { panic("tensor: no AVX2 kernels") }
func normal16f32AVX2(data *float32, blocks int, mean, std float32) {
	panic("tensor: no AVX2 kernels")
}

func addVVf32AVX2(o, a, b *float32, n int)                  { panic("tensor: no AVX2 kernels") }
func addVSf32AVX2(o, a *float32, b float32, n int)          { panic("tensor: no AVX2 kernels") }
func addSVf32AVX2(o *float32, a float32, b *float32, n int) { panic("tensor: no AVX2 kernels") }
func subVVf32AVX2(o, a, b *float32, n int)                  { panic("tensor: no AVX2 kernels") }
func subVSf32AVX2(o, a *float32, b float32, n int)          { panic("tensor: no AVX2 kernels") }
func subSVf32AVX2(o *float32, a float32, b *float32, n int) { panic("tensor: no AVX2 kernels") }
func mulVVf32AVX2(o, a, b *float32, n int)                  { panic("tensor: no AVX2 kernels") }
func mulVSf32AVX2(o, a *float32, b float32, n int)          { panic("tensor: no AVX2 kernels") }
func mulSVf32AVX2(o *float32, a float32, b *float32, n int) { panic("tensor: no AVX2 kernels") }
func divVVf32AVX2(o, a, b *float32, n int)                  { panic("tensor: no AVX2 kernels") }
func divVSf32AVX2(o, a *float32, b float32, n int)          { panic("tensor: no AVX2 kernels") }
func divSVf32AVX2(o *float32, a float32, b *float32, n int) { panic("tensor: no AVX2 kernels") }
func sqrtf32AVX2(o, a *float32, n int)                      { panic("tensor: no AVX2 kernels") }
func cvtf32f64AVX2(o *float64, a *float32, n int)           { panic("tensor: no AVX2 kernels") }

func maxf32AVX2(x *float32, n int) (m float32, nan bool) { panic("tensor: no AVX2 kernels") }
func minf32AVX2(x *float32, n int) (m float32, nan bool) { panic("tensor: no AVX2 kernels") }
func foldMaxf32AVX2(out, x *float32, n int)              { panic("tensor: no AVX2 kernels") }
func foldMinf32AVX2(out, x *float32, n int)              { panic("tensor: no AVX2 kernels") }

func where32AVX2(o unsafe.Pointer, c *uint8, x, y unsafe.Pointer, n int) {
	panic("tensor: no AVX2 kernels")
}

func cmpEqVVf32AVX2(o *bool, a, b *float32, n int)         { panic("tensor: no AVX2 kernels") }
func cmpEqVSf32AVX2(o *bool, a *float32, b float32, n int) { panic("tensor: no AVX2 kernels") }

func cmpNeVVf32AVX2(o *bool, a, b *float32, n int)         { panic("tensor: no AVX2 kernels") }
func cmpNeVSf32AVX2(o *bool, a *float32, b float32, n int) { panic("tensor: no AVX2 kernels") }

func cmpLtVVf32AVX2(o *bool, a, b *float32, n int)         { panic("tensor: no AVX2 kernels") }
func cmpLtVSf32AVX2(o *bool, a *float32, b float32, n int) { panic("tensor: no AVX2 kernels") }

func cmpLeVVf32AVX2(o *bool, a, b *float32, n int)         { panic("tensor: no AVX2 kernels") }
func cmpLeVSf32AVX2(o *bool, a *float32, b float32, n int) { panic("tensor: no AVX2 kernels") }

func cmpGtVVf32AVX2(o *bool, a, b *float32, n int)         { panic("tensor: no AVX2 kernels") }
func cmpGtVSf32AVX2(o *bool, a *float32, b float32, n int) { panic("tensor: no AVX2 kernels") }

func cmpGeVVf32AVX2(o *bool, a, b *float32, n int)         { panic("tensor: no AVX2 kernels") }
func cmpGeVSf32AVX2(o *bool, a *float32, b float32, n int) { panic("tensor: no AVX2 kernels") }

func logf32AVX2(dst, src *float32, n int)  { panic("tensor: no AVX2 kernels") }
func tanhf32AVX2(dst, src *float32, n int) { panic("tensor: no AVX2 kernels") }

func powVVf32AVX2(o, a, b *float32, n int)                  { panic("tensor: no AVX2 kernels") }
func powVSf32AVX2(o, a *float32, b float32, n int)          { panic("tensor: no AVX2 kernels") }
func powSVf32AVX2(o *float32, a float32, b *float32, n int) { panic("tensor: no AVX2 kernels") }

func sinf32AVX2(dst, src *float32, n int) int { panic("tensor: no AVX2 kernels") }
func cosf32AVX2(dst, src *float32, n int) int { panic("tensor: no AVX2 kernels") }
func tanf32AVX2(dst, src *float32, n int) int { panic("tensor: no AVX2 kernels") }

func negf32AVX2(o, a *float32, n int) { panic("tensor: no AVX2 kernels") }

func expSubSumf32AVX2(dst, src *float32, m float32, acc *float32, n int) {
	panic("tensor: no AVX2 kernels")
}
func sumLanesf32AVX2(acc, src *float32, n int)   { panic("tensor: no AVX2 kernels") }
func sumSqLanesf32AVX2(acc, src *float32, n int) { panic("tensor: no AVX2 kernels") }
