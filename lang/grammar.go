package lang

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// This file holds the participle grammar. Its parse tree (the g* types) is
// private: convert.go turns it into the syntax tree of ast.go.
//
// Participle cannot express left recursion, so binary operators are parsed
// as flat lists (an operand followed by operator/operand pairs) and folded
// by precedence afterwards; the grammar only restricts where 'not' and '*'
// may appear, so that misplaced ones fail at the same token as in Python.
//
// The tokens handed to participle carry, in Position.Offset, their index in
// the token slice of the hand-written lexer; Line and Column are the real
// ones. Pos/EndPos fields of the g* types thus give the index of a node's
// first token and of the token after its last one.

// gLine is a whole input: simple statements separated by ';' or newlines.
type gLine struct {
	Lines []*gSimpleLine `parser:"( @@ ( Newline @@ )* )?"`
}

type gSimpleLine struct {
	Stmts []*gStmt `parser:"@@ ( ';' @@ )* ';'?"`
}

type gStmt struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Del    *gExprList `parser:"'del' @@"`
	Import *gImport   `parser:"| @@"`
	From   *gFrom     `parser:"| @@"`
	Pass   bool       `parser:"| @'pass'"`
	Expr   *gExprStmt `parser:"| @@"`
}

// gExprStmt is an expression statement, an assignment or an augmented
// assignment. (Both tails are optional rather than alternatives: a failed
// alternative would hide the position of its error from participle.)
type gExprStmt struct {
	First  *gExprList     `parser:"@@"`
	Aug    *gAugTail      `parser:"@@?"`
	Assign []*gAssignTail `parser:"@@*"`
}

type gAugTail struct {
	Pos   lexer.Position
	Op    string     `parser:"@( '+=' | '-=' | '*=' | '/=' | '//=' | '%=' | '**=' | '@=' | '&=' | '|=' | '^=' | '<<=' | '>>=' )"`
	Value *gExprList `parser:"@@"`
}

type gAssignTail struct {
	Pos   lexer.Position
	Value *gExprList `parser:"'=' @@"`
}

type gImport struct {
	Names []*gDottedAs `parser:"'import' @@ ( ',' @@ )*"`
}

type gDottedAs struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Path   []string `parser:"@Name ( '.' @Name )*"`
	Alias  *string  `parser:"( 'as' @Name )?"`
}

type gFrom struct {
	Pos      lexer.Position
	Dots     []string     `parser:"'from' @( '.' | '...' )*"`
	Path     []string     `parser:"( @Name ( '.' @Name )* )?"`
	Star     bool         `parser:"'import' ( @'*'"`
	PNames   []*gImportAs `parser:"| '(' @@ ( ',' @@ )* ','? ')'"`
	Names    []*gImportAs `parser:"| @@ ( ',' @@ )*"`
	Trailing *gTrailComma `parser:"@@? )"`
}

type gTrailComma struct {
	Pos   lexer.Position
	Comma bool `parser:"@','"`
}

type gImportAs struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string  `parser:"@Name"`
	Alias  *string `parser:"( 'as' @Name )?"`
}

// gExprList is a comma-separated list of possibly starred expressions, with
// an optional trailing comma: the right-hand side of '=', the contents of
// parentheses and brackets.
type gExprList struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Items  []*gStarItem `parser:"@@ ( ',' @@ )*"`
	Comma  bool         `parser:"@','?"`
}

type gStarItem struct {
	Pos  lexer.Position
	Star *gBitOr `parser:"'*' @@"`
	X    *gTest  `parser:"| @@"`
}

// gTest is a conditional expression: Head (if Cond else Else)*, folded to
// the right.
type gTest struct {
	Head  *gChain      `parser:"@@"`
	Conds []*gCondTail `parser:"@@*"`
}

type gCondTail struct {
	Pos  lexer.Position
	Cond *gChain `parser:"'if' @@"`
	Else *gChain `parser:"( 'else' @@ )?"`
}

// gChain is a flat list of operands and binary operators of every
// precedence from 'or' to '*'. Only the operands after 'and'/'or' and the
// first one may start with 'not'.
type gChain struct {
	Head *gOperand   `parser:"@@"`
	Rest []*gBinTail `parser:"@@*"`
}

type gBinTail struct {
	Pos    lexer.Position
	BoolOp string         `parser:"@( 'or' | 'and' )"`
	BoolX  *gOperand      `parser:"@@"`
	Op     string         `parser:"| @( '==' | '!=' | '<=' | '>=' | '<' | '>' | 'in' | 'not' 'in' | 'is' 'not'? | '|' | '^' | '&' | '<<' | '>>' | '+' | '-' | '*' | '/' | '//' | '%' | '@' )"`
	X      *gArithOperand `parser:"@@"`
}

type gOperand struct {
	Nots  []*gNot        `parser:"@@*"`
	Arith *gArithOperand `parser:"@@"`
}

type gNot struct {
	Pos lexer.Position
	Not bool `parser:"@'not'"`
}

// gBitOr is what may follow '*' in a display or a subscript: an
// expression without comparisons or boolean operators.
type gBitOr struct {
	Head *gArithOperand `parser:"@@"`
	Rest []*gArithTail  `parser:"@@*"`
}

type gArithTail struct {
	Pos lexer.Position
	Op  string         `parser:"@( '|' | '^' | '&' | '<<' | '>>' | '+' | '-' | '*' | '/' | '//' | '%' | '@' )"`
	X   *gArithOperand `parser:"@@"`
}

// gArithOperand is a unary expression: prefix operators and a power.
type gArithOperand struct {
	Prefix []*gPrefix `parser:"@@*"`
	Power  *gPower    `parser:"@@"`
}

type gPrefix struct {
	Pos lexer.Position
	Op  string `parser:"@( '-' | '+' | '~' )"`
}

// gPower is Primary ('**' prefix* Primary)*, folded to the right.
type gPower struct {
	Primary *gPrimary   `parser:"@@"`
	Pows    []*gPowTail `parser:"@@*"`
}

type gPowTail struct {
	Pos     lexer.Position
	Prefix  []*gPrefix `parser:"'**' @@*"`
	Primary *gPrimary  `parser:"@@"`
}

type gPrimary struct {
	Atom     *gAtom      `parser:"@@"`
	Trailers []*gTrailer `parser:"@@*"`
}

type gTrailer struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Call   *gCall      `parser:"@@"`
	Index  *gSubscript `parser:"| '[' @@ ']'"`
	Attr   *string     `parser:"| '.' @Name"`
}

type gCall struct {
	Open bool    `parser:"@'('"`
	Args []*gArg `parser:"( @@ ( ',' @@ )* ','? )? ')'"`
}

type gArg struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Star   string   `parser:"@( '*' | '**' )?"`
	Value  *gTest   `parser:"@@"`
	Kw     *gKwTail `parser:"@@?"`
}

type gKwTail struct {
	Pos   lexer.Position
	Value *gTest `parser:"'=' @@"`
}

type gSubscript struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Items  []*gSliceItem `parser:"@@ ( ',' @@ )*"`
	Comma  bool          `parser:"@','?"`
}

type gSliceItem struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Star   *gBitOr     `parser:"'*' @@"`
	Lo     *gTest      `parser:"| ( @@"`
	Tail   *gSliceTail `parser:"@@? )"`
	Only   *gSliceTail `parser:"| @@"`
}

type gSliceTail struct {
	Pos  lexer.Position
	Hi   *gTest `parser:"':' @@?"`
	Step *gStep `parser:"@@?"`
}

type gStep struct {
	Pos  lexer.Position
	Step *gTest `parser:"':' @@?"`
}

type gAtom struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   *string  `parser:"@Name"`
	Int    *string  `parser:"| @Int"`
	Float  *string  `parser:"| @Float"`
	Imag   *string  `parser:"| @Imag"`
	Strs   []string `parser:"| @( String | FString )+"`
	Const  *string  `parser:"| @( 'None' | 'True' | 'False' | '...' )"`
	Paren  *gParen  `parser:"| @@"`
	List   *gList   `parser:"| @@"`
}

type gParen struct {
	Open  bool       `parser:"@'('"`
	Inner *gExprList `parser:"@@? ')'"`
}

type gList struct {
	Open  bool       `parser:"@'['"`
	Inner *gExprList `parser:"@@? ']'"`
}

// ---- Participle plumbing ----

// tokenDef is the participle lexer.Definition of our tokens. Lexing is done
// beforehand by the hand-written lexer; the parser is fed through
// sliceLexer.
type tokenDef struct{}

var symbols = map[string]lexer.TokenType{
	"EOF":     lexer.EOF,
	"Name":    lexer.TokenType(tName),
	"Keyword": lexer.TokenType(tKeyword),
	"Int":     lexer.TokenType(tInt),
	"Float":   lexer.TokenType(tFloat),
	"Imag":    lexer.TokenType(tImag),
	"String":  lexer.TokenType(tString),
	"FString": lexer.TokenType(tFString),
	"Op":      lexer.TokenType(tOp),
	"Newline": lexer.TokenType(tNewline),
	"Error":   lexer.TokenType(tError),
}

func (tokenDef) Symbols() map[string]lexer.TokenType { return symbols }

// Lex lexes a whole reader; it is only part of the lexer.Definition
// interface, parsing goes through lexTokens.
func (tokenDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	budget := maxTokens
	toks, _, err := lex(string(b), Pos{Line: 1, Col: 1}, len(b), false, &budget)
	if err != nil {
		return nil, err
	}
	return &sliceLexer{toks: toParticiple(toks)}, nil
}

type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	t := l.toks[l.i]
	if l.i < len(l.toks)-1 {
		l.i++
	}
	return t, nil
}

// toParticiple converts tokens, storing each token's index in Offset.
func toParticiple(toks []token) []lexer.Token {
	out := make([]lexer.Token, len(toks))
	for i, t := range toks {
		typ := lexer.TokenType(t.kind)
		if t.kind == tEOF {
			typ = lexer.EOF
		}
		out[i] = lexer.Token{Type: typ, Value: t.val, Pos: lexer.Position{Offset: i, Line: t.start.Line, Column: t.start.Col}}
	}
	return out
}

var (
	lineParser = participle.MustBuild[gLine](participle.Lexer(tokenDef{}), participle.UseLookahead(2))
	exprParser = participle.MustBuild[gExprList](participle.Lexer(tokenDef{}), participle.UseLookahead(2))
)
