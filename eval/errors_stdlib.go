package eval

// Messages of the standard-library modules (random, itertools, operator,
// functools, collections, copy, time, json, string, statistics, typing),
// worded as CPython 3.11 words them.
const (
	// random
	errRandEmptySeq        = "Cannot choose from an empty sequence"
	errRandSampleSize      = "Sample larger than population or is negative"
	errRandEmptyRange      = "empty range for randrange()"
	errRandEmptyRangeW     = "empty range for randrange() (%s, %s, %s)"
	errRandZeroStep        = "zero step for randrange()"
	errRandMissingStop     = "Missing a non-None stop argument"
	errRandNonInteger      = "non-integer %s for randrange()"
	errRandNonIntDeprec    = "non-integer arguments to randrange() have been deprecated since Python 3.10 and will be removed in a subsequent version"
	errRandFutureTypeError = "randrange() will raise TypeError in the future"
	errRandPopulation      = "Population must be a sequence.  For dicts or sets, use sorted(d)."
	errRandWeightsLen      = "The number of weights does not match the population"
	errRandBothWeights     = "Cannot specify both weights and cumulative weights"
	errRandWeightsTotal    = "Total of weights must be greater than zero"
	errRandWeightsFinite   = "Total of weights must be finite"
	errRandChoicesK        = "The number of choices must be a keyword argument: k=%s"
	errRandCountsLen       = "The number of counts does not match the population"
	errRandCountsInt       = "Counts must be integers"
	errRandCountsTotal     = "Total of counts must be greater than zero"
	errRandBitsNegative    = "number of bits must be non-negative"
	errRandSeedType        = "The only supported seed types are: None,\nint, float, str, bytes, and bytearray."
	errRandStateTuple      = "state vector must be a tuple"
	errRandStateSize       = "state vector is the wrong size"
	errRandStateInvalid    = "invalid state"
	errRandStateVersion    = "state with version %s passed to Random.setstate() of version 3"
	errRandGamma           = "gammavariate: alpha and beta must be > 0.0"
	errRandSystemState     = "System entropy source does not have state."
	errRandNoArgs          = "%s() takes no arguments (%d given)"
)

// collections
const (
	errDequePopEmpty     = "pop from an empty deque"
	errDequeIndexRange   = "deque index out of range"
	errDequeIndices      = "sequence index must be integer, not '%s'"
	errDequeMaxlen       = "maxlen must be non-negative"
	errDequeMaxlenInt    = "an integer is required"
	errDequeRemove       = "%s is not in deque"
	errDequeFull         = "deque already at its maximum size"
	errDequeMutated      = "deque mutated during iteration"
	errDequeConcat       = "can only concatenate deque (not \"%s\") to deque"
	errDefaultFactory    = "first argument must be callable or None"
	errOrderedDictEmpty  = "dictionary is empty"
	errChainMapKeyEmpty  = "Key not found in the first mapping: %s"
	errChainMapPopEmpty  = "No keys found in the first mapping."
	errNamedTupleIdent   = "Type names and field names must be valid identifiers: %s"
	errNamedTupleKeyword = "Type names and field names cannot be a keyword: %s"
	errNamedTupleUnder   = "Field names cannot start with an underscore: %s"
	errNamedTupleDup     = "Encountered duplicate field name: %s"
	errNamedTupleDefault = "Got more default values than field names"
	errNamedTupleMake    = "Expected %d arguments, got %d"
	errNamedTupleReplace = "Got unexpected field names: %s"
)

// itertools
const (
	errItExpectedArgs   = "%s expected %d argument%s, got %d"
	errItExpectedAtLst  = "%s expected at least %d argument%s, got %d"
	errItExpectedAtMost = "%s expected at most %d argument%s, got %d"
	errItMissingArg     = "%s() missing required argument '%s' (pos %d)"
	errItTakesAtMost    = "%s() takes at most %d argument%s (%d given)"
	errItNoKw           = "%s() takes no keyword arguments"
	errItInvalidKw      = "'%s' is an invalid keyword argument for %s()"
	errItUnexpectedKw   = "%s() got an unexpected keyword argument"
	errIsliceStop       = "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."
	errIsliceIndices    = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize."
	errIsliceStep       = "Step for islice() must be a positive integer or None."
	errRNonNegative     = "r must be non-negative"
	errExpectedIntR     = "Expected int as r"
	errNumberRequired   = "a number is required"
	errTeeN             = "n must be >= 0"
	errRepeatNegative   = "repeat argument cannot be negative"
)

// operator
const (
	errAttrGetterName  = "attribute name must be a string"
	errItemGetterArgs  = "itemgetter expected 1 argument, got 0"
	errAttrGetterArgs  = "attrgetter expected 1 argument, got 0"
	errMethodCallerArg = "methodcaller needs at least one argument, the method name"
	errMethodName      = "method name must be a string"
	errConcatSeq       = "'%s' object can't be concatenated"
	errSeqIndexNotIn   = "sequence.index(x): x not in sequence"
)

// function attributes, functools
const (
	errReduceEmpty       = "reduce() of empty iterable with no initial value"
	errPartialArgs       = "type 'partial' takes at least one argument"
	errPartialCallable   = "the first argument must be callable"
	errLRUMaxsize        = "Expected first argument to be an integer, a callable, or None"
	errCmpToKeyArgs      = "K() takes exactly 1 positional argument (%d given)"
	errTotalOrderingRoot = "must define at least one ordering operation: < > <= >="
)

// Counter
const (
	errCounterFromkeys = "Counter.fromkeys() is undefined.  Use Counter(iterable) instead."
	errCounterArgs     = "expected at most 1 arguments, got %d"
)

const (
	errReduceArg2   = "reduce() arg 2 must support iteration"
	errKInstance    = "other argument must be K instance"
	errPartialDoc   = "partial(func, *args, **keywords) - new function with partial application\n    of the given arguments and keywords.\n"
	errLRUWrapperTp = "functools._lru_cache_wrapper"
)

// copy
const (
	errCannotPickle   = "cannot pickle '%s' object"
	errDeepcopyLeaves = "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment"
)

// time
const (
	errSleepNegative      = "sleep length must be non-negative"
	errTakesOneArgExactly = "%s() takes exactly one argument (%d given)"
	errTimestampRange     = "timestamp out of range for platform time_t"
	errStrftimeArg1       = "strftime() argument 1 must be str, not %s"
	errTimeTuple          = "%s(): illegal time tuple argument"
	errStructTimeSeq      = "time.struct_time() takes an at least 9-sequence (%d-sequence given)"
	errStructTimeArg      = "Tuple or struct_time argument required"
	errMktimeRange        = "mktime argument out of range"
	errTimeFuncArgType    = "'%s' object cannot be interpreted as an integer"
)

// json
const (
	errJSONNotSerializable = "Object of type %s is not JSON serializable"
	errJSONKeyType         = "keys must be str, int, float, bool or None, not %s"
	errJSONFloatRange      = "Out of range float values are not JSON compliant"
	errJSONCircular        = "Circular reference detected"
	errJSONLoadsType       = "the JSON object must be str, bytes or bytearray, not %s"
	errJSONDecode          = "%s: line %d column %d (char %d)"
	errJSONIndentType      = "can't multiply sequence by non-int of type '%s'"
	errNaNValue            = "Invalid value NaN (not a number)"
)

// json decoding (the msg of JSONDecodeError)
const (
	errJSONExpectValue   = "Expecting value"
	errJSONExpectName    = "Expecting property name enclosed in double quotes"
	errJSONExpectColon   = "Expecting ':' delimiter"
	errJSONExpectComma   = "Expecting ',' delimiter"
	errJSONExtraData     = "Extra data"
	errJSONUnterminated  = "Unterminated string starting at"
	errJSONControlChar   = "Invalid control character at"
	errJSONBadEscape     = "Invalid \\escape"
	errJSONBadUEscape    = "Invalid \\uXXXX escape"
	errJSONBOM           = "Unexpected UTF-8 BOM (decode using utf-8-sig)"
	jsonDecodeErrorClass = "json.decoder.JSONDecodeError"
)

// statistics
const (
	errStatsNumDen       = "can't convert type '%s' to numerator/denominator"
	errStatsMeanEmpty    = "mean requires at least one data point"
	errStatsFmeanEmpty   = "fmean requires at least one data point"
	errStatsAtLeastTwo   = "%s requires at least two data points"
	errStatsAtLeastOne   = "%s requires at least one data point"
	errStatsNoMedian     = "no median for empty data"
	errStatsNoMode       = "no mode for empty data"
	errStatsGeometric    = "geometric mean requires a non-empty dataset containing positive numbers"
	errStatsHarmonicNeg  = "harmonic mean does not support negative values"
	errStatsHarmonicType = "unsupported type"
	errStatsWeightsLen   = "Number of weights does not match data size"
	errStatsWeightedSum  = "Weighted sum must be positive"
	errStatsFmeanWeights = "data and weights must be the same length"
	errStatsWeightsZero  = "sum of weights must be non-zero"
	errStatsQuantilesN   = "n must be at least 1"
	errStatsQuantilesTwo = "must have at least two data points"
	errStatsMethod       = "Unknown method: %s"
	errStatsSameLength   = "%s requires that both inputs have same number of data points"
	errStatsConstant     = "at least one of the inputs is constant"
	errStatsXConstant    = "x is constant"
	errStatsCoerce       = "don't know how to coerce %s and %s"
)

// string
const (
	errTemplateInvalid = "Invalid placeholder in string: line %d, col %d"
	errTemplateArgs    = "Too many positional arguments"
	errTemplateNoArgs  = "descriptor 'substitute' of 'Template' object needs an argument"
)

// typing
const (
	errTypingInstantiate = "Type %s cannot be instantiated; use %s() instead"
	errTypingAnyInst     = "%s cannot be instantiated"
	errTypingCannotInst  = "Cannot instantiate %s"
	errTypingNotGeneric  = "%s is not a generic class"
	errTypingSingle      = "%s requires a single type. Got %s."
	errTypingTooMany     = "Too many arguments for %s; actual %d, expected %d"
	errTypingCallable    = "Callable[args, result]: args must be a list. Got %s"
	errTypingParams      = "Parameters to generic types must be types. Got %s."
)

// str.maketrans, str.translate
const (
	errMaketransOneArg  = "if you give only one argument to maketrans it must be a dict"
	errMaketransLen     = "the first two maketrans arguments must have equal length"
	errMaketransKeyLen  = "string keys in translate table must be of length 1"
	errMaketransKeyType = "keys in translate table must be strings or integers"
	errMaketransArg2    = "maketrans() argument 2 must be str, not %s"
	errMaketransArg3    = "maketrans() argument 3 must be str, not %s"
	errTranslateResult  = "character mapping must return integer, None or str"
	errTranslateRange   = "character mapping must be in range(0x110000)"
)
