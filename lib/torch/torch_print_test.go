package torch

import (
	"testing"

	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// callTorch calls torch.NAME with the arguments and returns the value's repr
// or the exception as "Type: message".
func callTorch(s *eval.Session, name string, pos []eval.Value, kw ...eval.KwArg) string {
	var out string
	if e := s.Guard(func() {
		fn := s.GetAttr(s.Globals()["torch"], name)
		out = eval.Repr(s.Call(fn, &eval.Args{Pos: pos, Kw: kw}))
	}); e != nil {
		return e.Type + ": " + e.Msg
	}
	return out
}

func dt(d tensor.DType) eval.Value { return eval.DTypeValue{D: d} }

func TestFinfoIinfo(t *testing.T) {
	s := eval.NewSession(eval.Options{})
	cases := []struct {
		name string
		pos  []eval.Value
		kw   []eval.KwArg
		want string
	}{
		{"finfo", []eval.Value{dt(tensor.Float32)}, nil, "finfo(resolution=1e-06, min=-3.40282e+38, max=3.40282e+38, eps=1.19209e-07, smallest_normal=1.17549e-38, tiny=1.17549e-38, dtype=float32)"},
		{"finfo", []eval.Value{dt(tensor.Float64)}, nil, "finfo(resolution=1e-15, min=-1.79769e+308, max=1.79769e+308, eps=2.22045e-16, smallest_normal=2.22507e-308, tiny=2.22507e-308, dtype=float64)"},
		{"finfo", []eval.Value{dt(tensor.Float16)}, nil, "finfo(resolution=0.001, min=-65504, max=65504, eps=0.000976562, smallest_normal=6.10352e-05, tiny=6.10352e-05, dtype=float16)"},
		{"finfo", []eval.Value{dt(tensor.BFloat16)}, nil, "finfo(resolution=0.01, min=-3.38953e+38, max=3.38953e+38, eps=0.0078125, smallest_normal=1.17549e-38, tiny=1.17549e-38, dtype=bfloat16)"},
		{"finfo", nil, nil, "finfo(resolution=1e-06, min=-3.40282e+38, max=3.40282e+38, eps=1.19209e-07, smallest_normal=1.17549e-38, tiny=1.17549e-38, dtype=float32)"},
		{"finfo", nil, []eval.KwArg{{Name: "type", Value: dt(tensor.Float16)}}, "finfo(resolution=0.001, min=-65504, max=65504, eps=0.000976562, smallest_normal=6.10352e-05, tiny=6.10352e-05, dtype=float16)"},
		{"finfo", []eval.Value{dt(tensor.Int32)}, nil, "TypeError: torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'"},
		{"finfo", []eval.Value{dt(tensor.Bool)}, nil, "TypeError: torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'"},
		{"finfo", []eval.Value{eval.MakeInt(1)}, nil, "TypeError: finfo(): argument 'type' (position 1) must be torch.dtype, not int"},
		{"finfo", []eval.Value{eval.None}, nil, "TypeError: finfo(): argument 'type' (position 1) must be torch.dtype, not NoneType"},
		{"finfo", nil, []eval.KwArg{{Name: "type", Value: eval.MakeInt(1)}}, "TypeError: finfo(): argument 'type' must be torch.dtype, not int"},
		{"finfo", nil, []eval.KwArg{{Name: "dtype", Value: dt(tensor.Float32)}}, "TypeError: finfo() missing 1 required positional arguments: \"type\""},
		{"finfo", []eval.Value{dt(tensor.Float32), dt(tensor.Float64)}, nil, "TypeError: finfo() received an invalid combination of arguments - got (torch.dtype, torch.dtype), but expected one of:\n * (torch.dtype type)\n * ()\n"},
		{"finfo", []eval.Value{dt(tensor.Float32)}, []eval.KwArg{{Name: "foo", Value: eval.MakeInt(1)}}, "TypeError: finfo() received an invalid combination of arguments - got (torch.dtype, foo=int), but expected one of:\n * (torch.dtype type)\n * ()\n"},
		{"iinfo", []eval.Value{dt(tensor.Int8)}, nil, "iinfo(min=-128, max=127, dtype=int8)"},
		{"iinfo", []eval.Value{dt(tensor.Uint8)}, nil, "iinfo(min=0, max=255, dtype=uint8)"},
		{"iinfo", []eval.Value{dt(tensor.Int16)}, nil, "iinfo(min=-32768, max=32767, dtype=int16)"},
		{"iinfo", []eval.Value{dt(tensor.Int32)}, nil, "iinfo(min=-2.14748e+09, max=2.14748e+09, dtype=int32)"},
		{"iinfo", []eval.Value{dt(tensor.Int64)}, nil, "iinfo(min=-9.22337e+18, max=9.22337e+18, dtype=int64)"},
		{"iinfo", nil, []eval.KwArg{{Name: "type", Value: dt(tensor.Int8)}}, "iinfo(min=-128, max=127, dtype=int8)"},
		{"iinfo", []eval.Value{dt(tensor.Float32)}, nil, "TypeError: torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'"},
		{"iinfo", []eval.Value{dt(tensor.Bool)}, nil, "TypeError: torch.bool is not supported by torch.iinfo"},
		{"iinfo", nil, nil, "TypeError: iinfo() missing 1 required positional arguments: \"type\""},
		{"iinfo", []eval.Value{dt(tensor.Int8), dt(tensor.Int8)}, nil, "TypeError: iinfo() takes 1 positional argument but 2 were given"},
		{"iinfo", []eval.Value{dt(tensor.Int8)}, []eval.KwArg{{Name: "type", Value: dt(tensor.Int8)}}, "TypeError: iinfo() got multiple values for argument 'type'"},
		{"iinfo", []eval.Value{dt(tensor.Int8)}, []eval.KwArg{{Name: "foo", Value: eval.MakeInt(1)}}, "TypeError: iinfo() got an unexpected keyword argument 'foo'"},
		{"iinfo", nil, []eval.KwArg{{Name: "type", Value: eval.MakeInt(1)}}, "TypeError: iinfo(): argument 'type' must be torch.dtype, not int"},
	}
	for _, c := range cases {
		if got := callTorch(s, c.name, c.pos, c.kw...); got != c.want {
			t.Errorf("torch.%s(%v, %v):\ngot  %s\nwant %s", c.name, c.pos, c.kw, got, c.want)
		}
	}
}

func TestFinfoAttrs(t *testing.T) {
	s := eval.NewSession(eval.Options{})
	attr := func(name string, d tensor.DType, a string) string {
		var out string
		if e := s.Guard(func() {
			o := s.Call(s.GetAttr(s.Globals()["torch"], name), &eval.Args{Pos: []eval.Value{dt(d)}})
			out = eval.Repr(s.GetAttr(o, a))
		}); e != nil {
			return e.Type + ": " + e.Msg
		}
		return out
	}
	cases := []struct {
		fn   string
		d    tensor.DType
		attr string
		want string
	}{
		{"finfo", tensor.Float32, "eps", "1.1920928955078125e-07"},
		{"finfo", tensor.Float16, "max", "65504.0"},
		{"finfo", tensor.Float16, "min", "-65504.0"},
		{"finfo", tensor.Float32, "tiny", "1.1754943508222875e-38"},
		{"finfo", tensor.Float32, "max", "3.4028234663852886e+38"},
		{"finfo", tensor.BFloat16, "max", "3.3895313892515355e+38"},
		{"finfo", tensor.BFloat16, "eps", "0.0078125"},
		{"finfo", tensor.Float64, "tiny", "2.2250738585072014e-308"},
		{"finfo", tensor.Float64, "min", "-1.7976931348623157e+308"},
		{"finfo", tensor.Float64, "resolution", "1e-15"},
		{"finfo", tensor.Float16, "resolution", "0.001"},
		{"finfo", tensor.Float16, "smallest_normal", "6.103515625e-05"},
		{"finfo", tensor.Float16, "bits", "16"},
		{"finfo", tensor.Float16, "dtype", "'float16'"},
		{"finfo", tensor.Float32, "foo", "AttributeError: 'torch.finfo' object has no attribute 'foo'"},
		{"iinfo", tensor.Int32, "max", "2147483647"},
		{"iinfo", tensor.Int64, "min", "-9223372036854775808"},
		{"iinfo", tensor.Int64, "max", "9223372036854775807"},
		{"iinfo", tensor.Int16, "bits", "16"},
		{"iinfo", tensor.Uint8, "min", "0"},
		{"iinfo", tensor.Int16, "dtype", "'int16'"},
		{"iinfo", tensor.Int8, "eps", "AttributeError: 'torch.iinfo' object has no attribute 'eps'"},
	}
	for _, c := range cases {
		if got := attr(c.fn, c.d, c.attr); got != c.want {
			t.Errorf("torch.%s(%s).%s: got %s, want %s", c.fn, c.d, c.attr, got, c.want)
		}
	}
	// type() and ==
	e := s.Guard(func() {
		a := s.Call(s.GetAttr(s.Globals()["torch"], "finfo"), &eval.Args{Pos: []eval.Value{dt(tensor.Float32)}})
		b := s.Call(s.GetAttr(s.Globals()["torch"], "finfo"), &eval.Args{})
		c := s.Call(s.GetAttr(s.Globals()["torch"], "finfo"), &eval.Args{Pos: []eval.Value{dt(tensor.Float64)}})
		if got := eval.Repr(eval.TypeOf(a)); got != "<class 'torch.finfo'>" {
			t.Errorf("type(finfo) = %s", got)
		}
		if got := eval.Repr(s.GetAttr(s.Globals()["torch"], "iinfo")); got != "<class 'torch.iinfo'>" {
			t.Errorf("torch.iinfo = %s", got)
		}
		if !s.Equal(a, b) || s.Equal(a, c) {
			t.Errorf("finfo equality")
		}
	})
	if e != nil {
		t.Fatal(e)
	}
}

func TestSetPrintOptions(t *testing.T) {
	defer tensor.SetPrintOptions(tensor.DefaultPrintOptions())
	s := eval.NewSession(eval.Options{})
	x := tensor.FromSlice([]float32{1.0 / 3, 2.0 / 3}, 2)
	big := tensor.Empty([]int{2000}, tensor.Int64)
	for i := 0; i < 2000; i++ {
		big.SetAt(tensor.IntS(int64(i)), i)
	}
	small := tensor.FromSlice([]float32{1e-5, 1}, 2)
	steps := []struct {
		kw   []eval.KwArg
		pos  []eval.Value
		x    *tensor.Tensor
		want string
	}{
		{[]eval.KwArg{{Name: "precision", Value: eval.MakeInt(2)}}, nil, x, "tensor([0.33, 0.67])"},
		{[]eval.KwArg{{Name: "precision", Value: eval.MakeInt(6)}}, nil, x, "tensor([0.333333, 0.666667])"},
		{[]eval.KwArg{{Name: "profile", Value: eval.Str("default")}}, nil, x, "tensor([0.3333, 0.6667])"},
		{[]eval.KwArg{{Name: "sci_mode", Value: eval.Bool(false)}}, nil, small, "tensor([    0.0000,     1.0000])"},
		// every call resets sci_mode unless it is given
		{[]eval.KwArg{{Name: "precision", Value: eval.MakeInt(3)}}, nil, small, "tensor([1.000e-05, 1.000e+00])"},
		{[]eval.KwArg{{Name: "sci_mode", Value: eval.MakeInt(1)}}, nil, x, "tensor([3.333e-01, 6.667e-01])"},
		{[]eval.KwArg{{Name: "profile", Value: eval.Str("short")}, {Name: "sci_mode", Value: eval.Bool(true)}}, nil, x, "tensor([3.33e-01, 6.67e-01])"},
		{[]eval.KwArg{{Name: "profile", Value: eval.Str("short")}}, nil, big, "tensor([   0,    1,  ..., 1998, 1999])"},
		{[]eval.KwArg{{Name: "profile", Value: eval.Str("full")}, {Name: "linewidth", Value: eval.MakeInt(40)}}, nil, x, "tensor([0.3333, 0.6667])"},
		{[]eval.KwArg{{Name: "profile", Value: eval.Str("nonsense")}}, nil, x, "tensor([0.3333, 0.6667])"},
		{[]eval.KwArg{{Name: "profile", Value: eval.Str("default")}, {Name: "threshold", Value: eval.Float(5.5)}, {Name: "edgeitems", Value: eval.MakeInt(1)}}, nil, big, "tensor([   0,  ..., 1999])"},
		{nil, []eval.Value{eval.MakeInt(1), eval.Float(2e9), eval.MakeInt(3), eval.Float(10.5)}, x, "tensor([0.3,\n        0.7])"},
		{[]eval.KwArg{{Name: "profile", Value: eval.Str("default")}}, nil, x, "tensor([0.3333, 0.6667])"},
	}
	for i, st := range steps {
		if got := callTorch(s, "set_printoptions", st.pos, st.kw...); got != "None" {
			t.Fatalf("step %d: set_printoptions: %s", i, got)
		}
		if got := st.x.String(); got != st.want {
			t.Errorf("step %d (%v %v): got\n%s\nwant\n%s", i, st.pos, st.kw, got, st.want)
		}
	}
	errs := []struct {
		pos  []eval.Value
		kw   []eval.KwArg
		want string
	}{
		{[]eval.Value{eval.MakeInt(1), eval.MakeInt(1), eval.MakeInt(1), eval.MakeInt(1), eval.MakeInt(1), eval.MakeInt(1), eval.MakeInt(1)}, nil, "TypeError: set_printoptions() takes from 0 to 6 positional arguments but 7 were given"},
		{nil, []eval.KwArg{{Name: "foo", Value: eval.MakeInt(1)}}, "TypeError: set_printoptions() got an unexpected keyword argument 'foo'"},
	}
	for _, c := range errs {
		if got := callTorch(s, "set_printoptions", c.pos, c.kw...); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
	if o := tensor.GetPrintOptions(); o != tensor.DefaultPrintOptions() {
		t.Errorf("failed calls changed the options: %+v", o)
	}
}

func TestReprContainers(t *testing.T) {
	a := tensor.FromSlice([]int64{1, 2}, 2)
	m := tensor.FromSlice([]int64{1, 2, 3, 4}, 2, 2)
	f := tensor.FromSlice([]float32{1.5, 2, 3, 4}, 2, 2)
	cases := []struct {
		v    eval.Value
		want string
	}{
		{&eval.List{Elems: []eval.Value{a, tensor.FromSlice([]float32{3}, 1)}}, "[tensor([1, 2]), tensor([3.])]"},
		{eval.Tuple{tensor.FromSlice([]int64{1}, 1).Select(0, 0), m}, "(tensor(1), tensor([[1, 2],\n        [3, 4]]))"},
		{&eval.List{Elems: []eval.Value{f}}, "[tensor([[1.5000, 2.0000],\n        [3.0000, 4.0000]])]"},
		{&eval.NamedTuple{TypeName: "torch.return_types.max", Fields: []string{"values", "indices"},
			Elems: eval.Tuple{tensor.FromSlice([]int64{5, 6}, 2, 1), tensor.FromSlice([]int64{1, 2}, 2, 1)}},
			"torch.return_types.max(\nvalues=tensor([[5],\n        [6]]),\nindices=tensor([[1],\n        [2]]))"},
		{eval.Size{2, 3}, "torch.Size([2, 3])"},
		{eval.Size{}, "torch.Size([])"},
		{eval.Tuple{eval.Size{2}, eval.Size{3, 1}}, "(torch.Size([2]), torch.Size([3, 1]))"},
		{eval.Tuple{eval.DTypeValue{D: tensor.Float32}, eval.DTypeValue{D: tensor.Int64}}, "(torch.float32, torch.int64)"},
		{eval.DeviceValue{D: tensor.CPU}, "device(type='cpu')"},
		{eval.DeviceValue{D: tensor.Device{Type: "cpu", Index: 0}}, "device(type='cpu', index=0)"},
		{&eval.StorageValue{T: a}, " 1\n 2\n[torch.storage.TypedStorage(dtype=torch.int64, device=cpu) of size 2]"},
	}
	for _, c := range cases {
		if got := eval.Repr(c.v); got != c.want {
			t.Errorf("got\n%s\nwant\n%s", got, c.want)
		}
	}
	if got := eval.ToStr(eval.DeviceValue{D: tensor.CPU}); got != "cpu" {
		t.Errorf("str(device) = %s", got)
	}
	if got := eval.ToStr(a); got != "tensor([1, 2])" {
		t.Errorf("str(tensor) = %s", got)
	}
}
