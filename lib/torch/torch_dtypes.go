package torch

import (
	. "github.com/tensh/tensh/eval"
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
func resultType(operands ...Value) tensor.DType {
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
		case Bool:
			scalars = append(scalars, tensor.BoolS(bool(x)))
		case Int:
			scalars = append(scalars, tensor.IntS(UnpackLong(x)))
		case Float:
			scalars = append(scalars, tensor.FloatS(float64(x)))
		}
	}
	return tensor.ResultType(dims, zeroDims, scalars)
}

// pythonFunc checks the arguments of a torch function written in Python
// (is_tensor, set_default_dtype): exactly the named positional-or-keyword
// parameters.
func pythonFunc(a *Args, name string, params ...string) []Value {
	out := make([]Value, len(params))
	if len(a.Pos) > len(params) {
		Throw("TypeError", errTakesN, name, len(params), sIf(len(params) != 1), len(a.Pos), wasWere(len(a.Pos)))
	}
	copy(out, a.Pos)
	for _, kw := range a.Kw {
		found := false
		for i, p := range params {
			if p == kw.Name {
				if out[i] != nil {
					Throw("TypeError", ErrMultipleValues, name, p)
				}
				out[i] = kw.Value
				found = true
			}
		}
		if !found {
			Throw("TypeError", ErrNoKwArg, name, kw.Name)
		}
	}
	for i, p := range params {
		if out[i] == nil {
			Throw("TypeError", errMissingArg, name, p)
		}
	}
	return out
}

func init() {
	RegisterTorch(
		&Builtin{Name: "is_tensor", Kind: TorchFunc, Sig: "is_tensor(obj) -> bool",
			Doc: "Tells whether obj is a tensor.",
			Fn: func(a *Args) Value {
				_, ok := pythonFunc(a, "is_tensor", "obj")[0].(*tensor.Tensor)
				return Bool(ok)
			}},
		&Builtin{Name: "is_floating_point", Kind: TorchFunc | TensorMethod, Sig: "is_floating_point(input) -> bool",
			Doc: "Tells whether the tensor's dtype is a floating-point dtype (float16, bfloat16, float32 or float64).",
			Fn: func(a *Args) Value {
				if a.Self != nil {
					noArgs(a, "is_floating_point")
					return Bool(a.Self.(*tensor.Tensor).DType().IsFloat())
				}
				b := isFloatingPointParser.parse(a)
				return Bool(b.tensor("input").DType().IsFloat())
			}},
		&Builtin{Name: "result_type", Kind: TorchFunc, Sig: "result_type(tensor1, tensor2) -> dtype",
			Doc: "Returns the dtype an arithmetic operation on the two operands (tensors or numbers) would give.",
			Fn: func(a *Args) Value {
				b := resultTypeParser.parse(a)
				return DTypeValue{D: resultType(b.vals[0], b.vals[1])}
			}},
		&Builtin{Name: "promote_types", Kind: TorchFunc, Sig: "promote_types(type1, type2) -> dtype",
			Doc: "Returns the smallest dtype to which both dtypes can be converted without losing category or range.",
			Fn: func(a *Args) Value {
				b := promoteTypesParser.parse(a)
				return DTypeValue{D: tensor.PromoteTypes(b.dtypeOr("type1", 0), b.dtypeOr("type2", 0))}
			}},
		&Builtin{Name: "can_cast", Kind: TorchFunc, Sig: "can_cast(from, to) -> bool",
			Doc: "Tells whether a result of dtype from may be written into a tensor of dtype to under PyTorch's casting rules.",
			Fn: func(a *Args) Value {
				b := canCastParser.parse(a)
				return Bool(tensor.CanCast(b.dtypeOr("from", 0), b.dtypeOr("to", 0)))
			}},
		&Builtin{Name: "get_default_dtype", Kind: TorchFunc, Sig: "get_default_dtype() -> dtype",
			Doc: "Returns the default floating dtype (float32 unless changed by set_default_dtype).",
			Fn: func(a *Args) Value {
				if n := len(a.Pos) + len(a.Kw); n > 0 {
					if len(a.Kw) > 0 {
						Throw("TypeError", ErrTakesNoKw, "torch.get_default_dtype")
					}
					Throw("TypeError", ErrTakesNoArgs, "torch.get_default_dtype", n)
				}
				return DTypeValue{D: tensor.DefaultFloat()}
			}},
		&Builtin{Name: "set_default_dtype", Kind: TorchFunc, Sig: "set_default_dtype(d) -> None",
			Doc: "Sets the default floating dtype (float16, bfloat16, float32 or float64): the dtype of Python floats in tensors and of float factory results.",
			Fn: func(a *Args) Value {
				v := pythonFunc(a, "set_default_dtype", "d")[0]
				d, ok := v.(DTypeValue)
				if !ok {
					Throw("TypeError", errDefaultDTypeObject)
				}
				if !d.D.IsFloat() {
					Throw("TypeError", errDefaultDTypeFloat)
				}
				tensor.SetDefaultFloat(d.D)
				return None
			}},
	)
}
