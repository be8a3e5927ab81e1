package lang

import (
	"io"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// This file holds the participle grammar. Its parse tree (the g* types) is
// private: convert.go turns it into the syntax tree of ast.go.
//
// The grammar covers statements; expressions are parsed by a hand-written
// precedence climbing parser plugged in with participle.ParseTypeWith (see
// xList).
//
// The tokens handed to participle carry, in Position.Offset, their index in
// the token slice of the hand-written lexer; Line and Column are the real
// ones. Pos/EndPos fields of the g* types thus give the index of a node's
// first token and of the token after its last one.

// gLine is a whole input: simple statements separated by ';' or newlines.
type gLine struct {
	Lines []*gSimpleLine `parser:"( @@ ( Newline @@ )* )?"`
}

// Lists with separators are written "first (sep item?)*" rather than
// "first (sep item)* sep?": the parser never backtracks over a token it has
// consumed (lookahead 0), which makes it report errors where CPython does.
// The conversion rejects missing items that are not at the end.

type gSimpleLine struct {
	First *gStmt       `parser:"@@"`
	More  []*gMoreStmt `parser:"@@*"`
}

type gMoreStmt struct {
	Pos  lexer.Position
	Stmt *gStmt `parser:"';' @@?"`
}

// gStmt is a simple statement. Expression statements come first: they are
// the most common, and their parser rejects keywords at once.
type gStmt struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Expr   *gExprStmt `parser:"  @@"`
	Del    xList      `parser:"| 'del' @@"`
	Import *gImport   `parser:"| @@"`
	From   *gFrom     `parser:"| @@"`
	Pass   bool       `parser:"| @'pass'"`
	Break  bool       `parser:"| @'break'"`
	Cont   bool       `parser:"| @'continue'"`
	Return *gReturn   `parser:"| @@"`
	Raise  *gRaise    `parser:"| @@"`
	Global *gNames    `parser:"| 'global' @@"`
	NonLoc *gNames    `parser:"| 'nonlocal' @@"`
	Assert *gAssert   `parser:"| @@"`
}

type gReturn struct {
	Value xList `parser:"'return' @@?"`
}

type gRaise struct {
	Exc   xList `parser:"'raise' ( @@"`
	Cause xList `parser:"( 'from' @@ )? )?"`
}

type gNames struct {
	Names []string `parser:"@Name ( ',' @Name )*"`
}

// gAssert is assert test [',' test]: the comma makes the list a tuple,
// which the conversion splits.
type gAssert struct {
	Test xList `parser:"'assert' @@"`
}

// gExprStmt is an expression statement, an assignment or an augmented
// assignment.
type gExprStmt struct {
	First  xList          `parser:"@@"`
	Aug    *gAugTail      `parser:"( @@"`
	Ann    *gAnnTail      `parser:"| @@"`
	Assign []*gAssignTail `parser:"| @@+ )?"`
}

// gAnnTail is the ': annotation [= value]' of an annotated assignment.
type gAnnTail struct {
	Pos   lexer.Position
	Ann   xList `parser:"':' @@"`
	Value xList `parser:"( '=' @@ )?"`
}

type gAugTail struct {
	Pos   lexer.Position
	Op    string `parser:"@( '+=' | '-=' | '*=' | '/=' | '//=' | '%=' | '**=' | '@=' | '&=' | '|=' | '^=' | '<<=' | '>>=' )"`
	Value xList  `parser:"@@"`
}

type gAssignTail struct {
	Pos   lexer.Position
	Value xList `parser:"'=' @@"`
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
	Pos    lexer.Position
	Dots   []string       `parser:"'from' @( '.' | '...' )*"`
	Path   []string       `parser:"( @Name ( '.' @Name )* )?"`
	Star   bool           `parser:"'import' ( @'*'"`
	Paren  bool           `parser:"| ( @'('"`
	PFirst *gImportAs     `parser:"@@"`
	PMore  []*gMoreImport `parser:"@@* ')' )"`
	First  *gImportAs     `parser:"| @@"`
	More   []*gMoreImport `parser:"@@* )"`
}

type gMoreImport struct {
	Pos  lexer.Position
	Item *gImportAs `parser:"',' @@?"`
}

type gImportAs struct {
	Pos    lexer.Position
	EndPos lexer.Position
	Name   string  `parser:"@Name"`
	Alias  *string `parser:"( 'as' @Name )?"`
}

// xList is a comma-separated list of possibly starred expressions, with an
// optional trailing comma (Python's star_expressions): a bare tuple when
// there is a comma. It is parsed by parseXList, a hand-written precedence
// climbing parser (see expr.go), for speed: expressions have a dozen levels
// of precedence that would each cost participle a reflective node.
type xList interface{ Expr }

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
	"Indent":  lexer.TokenType(tIndent),
	"Dedent":  lexer.TokenType(tDedent),
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
	return &sliceLexer{toks: toParticiple(toks, "")}, nil
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

// toParticiple converts tokens, storing each token's index in Offset and
// key in Filename.
func toParticiple(toks []token, key string) []lexer.Token {
	out := make([]lexer.Token, len(toks))
	for i, t := range toks {
		typ := lexer.TokenType(t.kind)
		if t.kind == tEOF {
			typ = lexer.EOF
		}
		out[i] = lexer.Token{Type: typ, Value: t.val, Pos: lexer.Position{Filename: key, Offset: i, Line: t.start.Line, Column: t.start.Col}}
	}
	return out
}

var lineParser = participle.MustBuild[gLine](
	participle.Lexer(tokenDef{}),
	participle.UseLookahead(0),
	participle.ParseTypeWith(parseXList),
)

// Each parse registers its state under a key that its tokens carry in
// Position.Filename, so that parseXList, which only sees participle's
// lexer, can find it.
var (
	convSeq atomic.Uint64
	convs   sync.Map // key string -> *conv
)

func register(c *conv) (key string, unregister func()) {
	key = "tensh#" + strconv.FormatUint(convSeq.Add(1), 36)
	convs.Store(key, c)
	return key, func() { convs.Delete(key) }
}

// parseXList is participle's parse function for xList.
func parseXList(lex *lexer.PeekingLexer) (xList, error) {
	t := lex.Peek()
	v, ok := convs.Load(t.Pos.Filename)
	if !ok {
		return nil, participle.NextMatch
	}
	c := v.(*conv)
	c.i = t.Pos.Offset
	if !c.canStartItem() {
		return nil, participle.NextMatch
	}
	x, err := c.try(c.starExprs)
	if err != nil {
		return nil, err
	}
	for lex.Peek().Pos.Offset < c.i && !lex.Peek().EOF() {
		lex.Next()
	}
	return x, nil
}
