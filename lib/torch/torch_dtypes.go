package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// dtype functions of the torch namespace: is_tensor, is_floating_point,
// result_type, promote_types, can_cast, get_default_dtype and
// set_default_dtype.

var (
	isFloatingPointParser = newArgParser("is_floating_point(Tensor input)")
	resultTypeParser      = newArgParser(
		"result_type(Tensor tensor, Tensor other)",
		"result_type(Scalar scalar, Tensor tensor)",
		"result_type(Tensor tensor, Scalar other)",
		"result_type(Scalar scalar1, Scalar scalar2)",
	)
	promoteTypesParser = newArgParser("promote_types(ScalarType type1, ScalarType type2)")
	canCastParser      = newArgParser("can_cast(ScalarType from, ScalarType to)")
)

// resultType is at::result_type over tensors and Python scalars: tensors
// with dimensions outrank 0-d tensors, which outrank Python numbers, unless
// a weaker operand is of a higher category (bool < integer < floating).
func resultType(operands ...eval.Value) tensor.DType {
	var dims, zeroDims []tensor.DType
	var scalars []tensor.Scalar
	for _, v := range operands {
		switch x := v.(type) {
		case *tensor.Tensor:
			if x.Dim() == 0 {
				zeroDims = append(zeroDims, x.DType())
			} else {
				dims = append(dims, x.DType())
			}
		case eval.Bool:
			scalars = append(scalars, tensor.BoolS(bool(x)))
		case eval.Int:
			scalars = append(scalars, tensor.IntS(eval.UnpackLong(x)))
		case eval.Float:
			scalars = append(scalars, tensor.FloatS(float64(x)))
		}
	}
	return tensor.ResultType(dims, zeroDims, scalars)
}

// pythonFunc checks the arguments of a torch function written in Python
// (is_tensor, set_default_dtype): exactly the named positional-or-keyword
// parameters.
func pythonFunc(a *eval.Args, name string, params ...string) []eval.Value {
	out := make([]eval.Value, len(params))
	if len(a.Pos) > len(params) {
		eval.Throw("TypeError", errTakesN, name, len(params), sIf(len(params) != 1), len(a.Pos), wasWere(len(a.Pos)))
	}
	copy(out, a.Pos)
	for _, kw := range a.Kw {
		found := false
		for i, p := range params {
			if p == kw.Name {
				if out[i] != nil {
					eval.Throw("TypeError", eval.ErrMultipleValues, name, p)
				}
				out[i] = kw.Value
				found = true
			}
		}
		if !found {
			eval.Throw("TypeError", eval.ErrNoKwArg, name, kw.Name)
		}
	}
	for i, p := range params {
		if out[i] == nil {
			eval.Throw("TypeError", errMissingArg, name, p)
		}
	}
	return out
}

func init() {
	eval.RegisterTorch(
		&eval.Builtin{Name: "is_tensor", Kind: eval.TorchFunc, Sig: "is_tensor(obj) -> bool",
			Doc: "Tells whether obj is a tensor.",
			Fn: func(a *eval.Args) eval.Value {
				_, ok := pythonFunc(a, "is_tensor", "obj")[0].(*tensor.Tensor)
				return eval.Bool(ok)
			}},
		&eval.Builtin{Name: "is_floating_point", Kind: eval.TorchFunc | eval.TensorMethod, Sig: "is_floating_point(input) -> bool",
			Doc: "Tells whether the tensor's dtype is a floating-point dtype (float16, bfloat16, float32 or float64).",
			Fn: func(a *eval.Args) eval.Value {
				if a.Self != nil {
					noArgs(a, "is_floating_point")
					return eval.Bool(a.Self.(*tensor.Tensor).DType().IsFloat())
				}
				b := isFloatingPointParser.parse(a)
				return eval.Bool(b.tensor("input").DType().IsFloat())
			}},
		&eval.Builtin{Name: "result_type", Kind: eval.TorchFunc, Sig: "result_type(tensor1, tensor2) -> dtype",
			Doc: "Returns the dtype an arithmetic operation on the two operands (tensors or numbers) would give.",
			Fn: func(a *eval.Args) eval.Value {
				b := resultTypeParser.parse(a)
				return eval.DTypeValue{D: resultType(b.vals[0], b.vals[1])}
			}},
		&eval.Builtin{Name: "promote_types", Kind: eval.TorchFunc, Sig: "promote_types(type1, type2) -> dtype",
			Doc: "Returns the smallest dtype to which both dtypes can be converted without losing category or range.",
			Fn: func(a *eval.Args) eval.Value {
				b := promoteTypesParser.parse(a)
				return eval.DTypeValue{D: tensor.PromoteTypes(b.dtypeOr("type1", 0), b.dtypeOr("type2", 0))}
			}},
		&eval.Builtin{Name: "can_cast", Kind: eval.TorchFunc, Sig: "can_cast(from, to) -> bool",
			Doc: "Tells whether a result of dtype from may be written into a tensor of dtype to under PyTorch's casting rules.",
			Fn: func(a *eval.Args) eval.Value {
				b := canCastParser.parse(a)
				return eval.Bool(tensor.CanCast(b.dtypeOr("from", 0), b.dtypeOr("to", 0)))
			}},
		&eval.Builtin{Name: "get_default_dtype", Kind: eval.TorchFunc, Sig: "get_default_dtype() -> dtype",
			Doc: "Returns the default floating dtype (float32 unless changed by set_default_dtype).",
			Fn: func(a *eval.Args) eval.Value {
				if n := len(a.Pos) + len(a.Kw); n > 0 {
					if len(a.Kw) > 0 {
						eval.Throw("TypeError", eval.ErrTakesNoKw, "torch.get_default_dtype")
					}
					eval.Throw("TypeError", eval.ErrTakesNoArgs, "torch.get_default_dtype", n)
				}
				return eval.DTypeValue{D: tensor.DefaultFloat()}
			}},
		&eval.Builtin{Name: "set_default_dtype", Kind: eval.TorchFunc, Sig: "set_default_dtype(d) -> None",
			Doc: "Sets the default floating dtype (float16, bfloat16, float32 or float64): the dtype of Python floats in tensors and of float factory results.",
			Fn: func(a *eval.Args) eval.Value {
				v := pythonFunc(a, "set_default_dtype", "d")[0]
				d, ok := v.(eval.DTypeValue)
				if !ok {
					eval.Throw("TypeError", errDefaultDTypeObject)
				}
				if !d.D.IsFloat() {
					eval.Throw("TypeError", errDefaultDTypeFloat)
				}
				tensor.SetDefaultFloat(d.D)
				return eval.None
			}},
	)
}
