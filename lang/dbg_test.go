package lang

import (
	"fmt"
	"os"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

func TestDbg(t *testing.T) {
	src := os.Getenv("DBG")
	if src == "" {
		t.Skip()
	}
	budget := maxTokens
	toks, _, err := lex(src, Pos{Line: 1, Col: 1}, len(src), false, &budget)
	if err != nil {
		t.Fatal(err)
	}
	plex, _ := lexer.Upgrade(&sliceLexer{toks: toParticiple(toks)})
	_, perr := lineParser.ParseFromLexer(plex)
	fmt.Printf("%T %v\n", perr, perr)
}
