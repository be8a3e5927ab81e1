package torch

import (
	"github.com/tensh/tensh/eval"
	"github.com/tensh/tensh/runtime/tensor"
)

// The modules torch.nn, torch.nn.functional, torch.nn.init, torch.optim,
// torch.optim.lr_scheduler and torch.utils.data: their Go members, and
// the names their Python part (nnpy/*.py) exports, loaded on first use.

var nnExports = map[string][]string{
	"module":    {"Module"},
	"container": {"Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict"},
	"layers": {"Linear", "Bilinear", "Identity", "Flatten", "Unflatten", "Conv1d", "Conv2d", "ConvTranspose1d", "ConvTranspose2d",
		"MaxPool1d", "MaxPool2d", "AvgPool1d", "AvgPool2d", "AdaptiveAvgPool2d", "AdaptiveMaxPool2d"},
	"layers2": {"BatchNorm1d", "BatchNorm2d", "LayerNorm", "GroupNorm", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "Embedding",
		"ReLU", "ReLU6", "LeakyReLU", "ELU", "SELU", "CELU", "GELU", "SiLU", "Mish", "Sigmoid", "Tanh", "Softmax", "LogSoftmax",
		"Softmin", "Softplus", "Softsign", "Hardtanh", "Hardsigmoid", "Hardswish", "Hardshrink", "Softshrink", "Tanhshrink",
		"LogSigmoid", "Threshold", "GLU", "PReLU", "CosineSimilarity", "PairwiseDistance",
		"ZeroPad2d", "ConstantPad1d", "ConstantPad2d", "ReflectionPad2d", "ReplicationPad2d"},
	"loss": {"L1Loss", "MSELoss", "CrossEntropyLoss", "NLLLoss", "BCELoss", "BCEWithLogitsLoss", "SmoothL1Loss", "HuberLoss",
		"KLDivLoss", "CosineEmbeddingLoss", "MarginRankingLoss", "HingeEmbeddingLoss", "SoftMarginLoss", "PoissonNLLLoss",
		"GaussianNLLLoss", "TripletMarginLoss", "MultiLabelSoftMarginLoss"},
	"rnn": {"RNN", "LSTM", "GRU", "RNNCell", "LSTMCell", "GRUCell", "RNNBase", "MultiheadAttention"},
}

var initExports = []string{"calculate_gain", "uniform_", "normal_", "constant_", "ones_", "zeros_", "eye_", "dirac_",
	"xavier_uniform_", "xavier_normal_", "kaiming_uniform_", "kaiming_normal_", "trunc_normal_", "orthogonal_", "sparse_",
	"_calculate_fan_in_and_fan_out", "_calculate_correct_fan", "uniform", "normal", "constant", "xavier_uniform",
	"xavier_normal", "kaiming_uniform", "kaiming_normal", "orthogonal"}

var nnUtilsExports = []string{"clip_grad_norm_", "clip_grad_value_", "parameters_to_vector", "vector_to_parameters"}

var optimExports = []string{"Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad"}

var schedExports = []string{"_LRScheduler", "StepLR", "MultiStepLR", "ExponentialLR", "CosineAnnealingLR",
	"ReduceLROnPlateau", "LambdaLR", "MultiplicativeLR", "LinearLR", "ConstantLR"}

var dataExports = []string{"Dataset", "IterableDataset", "TensorDataset", "DataLoader", "Subset", "random_split",
	"Sampler", "SequentialSampler", "RandomSampler", "BatchSampler", "ConcatDataset", "default_collate", "get_worker_info"}

var autogradExports = []string{"Function", "gradcheck", "gradgradcheck"}

var autogradFunctionalExports = []string{"jacobian", "hessian", "vjp", "jvp", "hvp", "vhp"}

// functionalKey is the session's torch.nn.functional in its LibState.
type functionalKey struct{}

// nnFunctionalModule is the session's torch.nn.functional.
func nnFunctionalModule(s *eval.Session) *eval.Module {
	return s.LibState(functionalKey{}, func() any {
		f := &eval.Module{Name: "torch.nn.functional", Members: map[string]eval.Value{}}
		for name, b := range nnFunctions {
			f.Members[name] = b
		}
		return f
	}).(*eval.Module)
}

func newNNModule(s *eval.Session) *eval.Module {
	m := &eval.Module{Name: "torch.nn", Members: map[string]eval.Value{
		"functional": nnFunctionalModule(s),
		"Parameter":  parameterClass,
		"init":       lazyModule(s, "torch.nn.init", "init", initExports, nil),
		"utils":      lazyModule(s, "torch.nn.utils", "utils", nnUtilsExports, nil),
	}, Getters: map[string]func() eval.Value{}}
	for file, names := range nnExports {
		lm := lazyModule(s, "torch.nn", file, names, nil)
		for n, g := range lm.Getters {
			m.Getters[n] = g
		}
	}
	return m
}

func init() {
	torchSubmodules["optim"] = func(s *eval.Session) *eval.Module {
		return lazyModule(s, "torch.optim", "optim", optimExports, map[string]eval.Value{
			"lr_scheduler": lazyModule(s, "torch.optim.lr_scheduler", "sched", schedExports, nil),
		})
	}
}

// utilsData is torch.utils.data.
func utilsData(s *eval.Session) *eval.Module {
	return lazyModule(s, "torch.utils.data", "data", dataExports, nil)
}

// nnHelpers is _C of the Python sources: what they need of Go.
func nnHelpers(s *eval.Session) *eval.Module {
	return &eval.Module{Name: "torch._C._nn_helpers", Members: map[string]eval.Value{
		"warned_at": &eval.Builtin{Name: "warned_at", Fn: func(a *eval.Args) eval.Value {
			// warned_at(loc, src, fn, *args, **kw): fn's loss-size warning
			// names loc (PyTorch's stacklevel=2 inside torch/nn/modules)
			loc, src := string(a.Pos[0].(eval.Str)), string(a.Pos[1].(eval.Str))
			prev := lossWarnAt
			lossWarnAt = [2]string{loc, src}
			defer func() { lossWarnAt = prev }()
			return s.Call(a.Pos[2], &eval.Args{Pos: a.Pos[3:], Kw: a.Kw})
		}},
		"custom_record": &eval.Builtin{Name: "custom_record", Fn: func(a *eval.Args) eval.Value { return customRecord(s, a) }},
		"warn_at": &eval.Builtin{Name: "warn_at", Fn: func(a *eval.Args) eval.Value {
			// warn_at(loc, src, category, msg): a warning PyTorch issues from its own source
			warnFrom(s, string(a.Pos[0].(eval.Str)), string(a.Pos[2].(eval.Str)), string(a.Pos[3].(eval.Str)), string(a.Pos[1].(eval.Str)))
			return eval.None
		}},
		"default_float": &eval.Builtin{Name: "default_float", Fn: func(a *eval.Args) eval.Value {
			return eval.DTypeValue{D: tensor.DefaultFloat()}
		}},
	}}
}

// lossWarnAt is the location the loss-size warning names while a loss
// module's forward runs ("" for the caller's line).
var lossWarnAt [2]string
