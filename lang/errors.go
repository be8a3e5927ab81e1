package lang

import "fmt"

// Error is a syntax error. Msg is the text CPython 3.11 gives for the same
// error (for example "invalid syntax"); Pos is where it reports it.
type Error struct {
	Pos Pos
	Msg string
	// Incomplete is set when the input ended while a bracket, a
	// triple-quoted string or a backslash continuation was still open: an
	// interactive shell should then read another line and parse again.
	Incomplete bool
	// Block is set with Incomplete when only a block is open (a compound
	// statement wants its indented body, or its except clause): Python's
	// prompt reads on until an empty line, then reports the error.
	Block bool
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// Error formats the error as "LINE:COL: Msg".
func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg) }

// Message formats. Every CPython message this package reports is here (3.11
// wording), so that a reader can grep for it. One block per area.

// Tokens and literals (lexer.go, parse.go).
const (
	errTooManyTokens       = "too many tokens in one line"
	errLineContinuation    = "unexpected character after line continuation character"
	errNonPrintable        = "invalid non-printable character U+%04X"
	errInvalidChar         = "invalid character '%c' (U+%04X)"
	errUntermString        = "unterminated string literal (detected at line %d)"
	errUntermTriple        = "unterminated triple-quoted string literal (detected at line %d)"
	errNeverClosed         = "'%c' was never closed"
	errUnexpectedEOF       = "unexpected EOF while parsing"
	errTooNested           = "too many nested parentheses"
	errUnmatched           = "unmatched '%c'"
	errParenMismatchLine   = "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d"
	errParenMismatch       = "closing parenthesis '%c' does not match opening parenthesis '%c'"
	errInvalidLiteral      = "invalid %s literal"
	errInvalidDigit        = "invalid digit '%c' in %s literal"
	errInvalidDecimal      = "invalid decimal literal"
	errLeadingZeros        = "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers"
	errUTF8Decode          = "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %d: %s"
	whyInvalidStart        = "invalid start byte"
	whyInvalidContinuation = "invalid continuation byte"
	whyUnexpectedEnd       = "unexpected end of data"
)

// Statements and expressions (parse.go, convert.go, expr.go, check.go).
const (
	errInvalidSyntax       = "invalid syntax"
	errUnexpectedIndent    = "unexpected indent"
	errMissingParens       = "Missing parentheses in call to '%s'. Did you mean %s(...)?"
	errExpectedElse        = "expected 'else' after 'if' expression"
	errForgotComma         = "invalid syntax. Perhaps you forgot a comma?"
	errMaybeEquals         = "invalid syntax. Maybe you meant '==' or ':=' instead of '='?"
	errCannotAssignHere    = "cannot assign to %s here. Maybe you meant '==' instead of '='?"
	errCannotAssign        = "cannot assign to %s"
	errCannotDelete        = "cannot delete %s"
	errTrailingComma       = "trailing comma not allowed without surrounding parentheses"
	errAugAssignTarget     = "'%s' is an illegal expression for augmented assignment"
	errKwAssignment        = "expression cannot contain assignment, perhaps you meant \"==\"?"
	errUnpackAfterKwUnpack = "iterable argument unpacking follows keyword argument unpacking"
	errPosAfterKwUnpack    = "positional argument follows keyword argument unpacking"
	errPosAfterKw          = "positional argument follows keyword argument"
	errKwRepeated          = "keyword argument repeated: %s"
	errDoubleStarHere      = "cannot use double starred expression here"
	errStarHere            = "cannot use starred expression here"
	errStarHereCompile     = "can't use starred expression here"
	errStarTarget          = "starred assignment target must be in a list or tuple"
	errMultipleStars       = "multiple starred expressions in assignment"
	errRecursionCompile    = "maximum recursion depth exceeded during compilation"
)

// Blocks, functions and the statements that only make sense inside them
// (block.go, check.go, expr_block.go).
const (
	errUnindent          = "unindent does not match any outer indentation level"
	errTooDeep           = "too many levels of indentation"
	errStarOnce          = "* argument may appear only once"
	errSlashOnce         = "/ may appear only once"
	errExpectedColon     = "expected ':'"
	errExpectedBlock     = "expected an indented block after %s on line %d"
	errExpectedExcept    = "expected 'except' or 'finally' block"
	errExceptParens      = "multiple exception types must be parenthesized"
	errDuplicateArg      = "duplicate argument '%s' in function definition"
	errBareStar          = "named arguments must follow bare *"
	errNonDefaultFollows = "non-default argument follows default argument"
	errReturnOutside     = "'return' outside function"
	errBreakOutside      = "'break' outside loop"
	errContinueOutside   = "'continue' not properly in loop"
	errNonlocalModule    = "nonlocal declaration not allowed at module level"
	errGenNotParen       = "Generator expression must be parenthesized"
	errDictStar          = "cannot use a starred expression in a dictionary value"
	errDictDoubleStar    = "dict unpacking cannot be used in dict comprehension"
	errCompStar          = "iterable unpacking cannot be used in comprehension"
)

// What tensh's language leaves out (its own messages, not CPython's).
const (
	errExceptStarTypes = "expected one or more exception types"
	errExceptMixed     = "cannot have both 'except' and 'except*' on the same 'try'"
	errAnnTuple        = "only single target (not tuple) can be annotated"
	errAnnList         = "only single target (not list) can be annotated"
	errAnnTarget       = "illegal target for annotation"
	errYieldOutside    = "'yield' outside function"
)

// String and bytes literals, f-strings (strings.go).
const (
	errMixBytes          = "cannot mix bytes and nonbytes literals"
	errBytesASCII        = "bytes can only contain ASCII literal characters"
	errHexEscape         = "(value error) invalid \\x escape at position %d"
	errUnicodeEscape     = "(unicode error) 'unicodeescape' codec can't decode bytes in position %d-%d: %s"
	whyTruncX            = "truncated \\xXX escape"
	whyTruncU            = "truncated \\uXXXX escape"
	whyTruncUU           = "truncated \\UXXXXXXXX escape"
	errFStrSingleBrace   = "f-string: single '}' is not allowed"
	errFStrNested        = "f-string: expressions nested too deeply"
	errFStrBackslash     = "f-string expression part cannot include a backslash"
	errFStrParens        = "f-string: too many nested parenthesis"
	errFStrComment       = "f-string expression part cannot include '#'"
	errFStrUnmatched     = "f-string: unmatched '%c'"
	errFStrParenMismatch = "f-string: closing parenthesis '%c' does not match opening parenthesis '%c'"
	errFStrUntermString  = "f-string: unterminated string"
	errFStrExpectBrace   = "f-string: expecting '}'"
	errFStrExprBefore    = "f-string: expression required before '%c'"
	errFStrEmpty         = "f-string: empty expression not allowed"
	errFStrConversion    = "f-string: invalid conversion character: expected 's', 'r', or 'a'"
)
