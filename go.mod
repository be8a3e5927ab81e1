module github.com/tensh/tensh

go 1.26

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/chzyer/readline v1.5.1
	github.com/ebitengine/purego v0.11.3
	github.com/fatih/color v1.19.0
	github.com/go-zeromq/zmq4 v0.17.0
	github.com/mattn/go-isatty v0.0.20
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/sys v0.42.0
	gonum.org/v1/gonum v0.17.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/go-zeromq/goczmq/v4 v4.2.2 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	golang.org/x/sync v0.12.0 // indirect
	golang.org/x/text v0.23.0 // indirect
	golang.org/x/tools v0.30.0 // indirect
)
