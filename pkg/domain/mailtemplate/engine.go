package mailtemplate

import (
	"fmt"
	"strings"
	"text/template/parse"

	"github.com/festivalapi/festival/pkg/domain/texts"
)

// Templates are written in Go's text/template syntax and parsed by its own
// parser (text/template/parse), but run by the small interpreter below, over
// string fields: text, {{.Field}}, {{if}} / {{else if}} / {{else}} / {{end}},
// comments, trim markers, string literals and the functions eq, ne, not, and,
// or. text/template's executor finds methods by name through reflect, which
// makes the Go linker keep every exported method of every type in a binary:
// each Lambda function would link the whole AWS SDK (and infra/samtemplate's
// IAM test, which reads a function's calls from its symbols, would grant it
// everything). A subset that a check refuses to leave is also easier to keep
// safe: no loops, no variables, no nested templates.

// functions are the functions a template may call.
var functions = map[string]any{"eq": true, "ne": true, "not": true, "and": true, "or": true}

// errUnsupported names a construct outside the subset.
type errUnsupported struct{ what string }

func (e errUnsupported) Error() string { return e.what }

// parseTemplate parses text as one template (define and block refused).
func parseTemplate(name, text string) (*parse.Tree, error) {
	trees, err := parse.Parse(name, text, "", "", functions)
	if err != nil {
		return nil, err
	}
	if len(trees) != 1 || trees[name] == nil {
		return nil, errUnsupported{"define, template, block"}
	}
	return trees[name], nil
}

// supported reports the first construct of a tree outside the subset, and
// the fields it names.
func supported(t *parse.Tree) (fields []string, err error) {
	walk(t.Root, func(n parse.Node) {
		if err != nil {
			return
		}
		switch n := n.(type) {
		case *parse.ListNode, *parse.TextNode, *parse.CommentNode, *parse.IfNode, *parse.StringNode,
			*parse.BoolNode, *parse.IdentifierNode, *parse.CommandNode:
		case *parse.ActionNode:
			err = pipeShape(n.Pipe)
		case *parse.PipeNode:
			err = pipeShape(n)
		case *parse.FieldNode:
			if len(n.Ident) > 1 {
				err = errUnsupported{n.String()}
			}
			fields = append(fields, n.Ident[0])
		default:
			err = errUnsupported{n.String()}
		}
	})
	return fields, err
}

// pipeShape refuses variables and chained commands (x | f).
func pipeShape(p *parse.PipeNode) error {
	if p == nil {
		return nil
	}
	if len(p.Decl) > 0 || len(p.Cmds) != 1 {
		return errUnsupported{p.String()}
	}
	return nil
}

// run renders a tree (checked by supported) over data.
func run(t *parse.Tree, data map[string]string) (string, error) {
	var b strings.Builder
	err := runList(&b, t.Root, data)
	return b.String(), err
}

func runList(b *strings.Builder, l *parse.ListNode, data map[string]string) error {
	if l == nil {
		return nil
	}
	for _, n := range l.Nodes {
		switch n := n.(type) {
		case *parse.TextNode:
			b.Write(n.Text)
		case *parse.ActionNode:
			v, err := evalPipe(n.Pipe, data)
			if err != nil {
				return err
			}
			fmt.Fprint(b, v)
		case *parse.IfNode:
			v, err := evalPipe(n.Pipe, data)
			if err != nil {
				return err
			}
			branch := n.ElseList
			if truth(v) {
				branch = n.List
			}
			if err := runList(b, branch, data); err != nil {
				return err
			}
		case *parse.CommentNode:
		default:
			return errUnsupported{n.String()}
		}
	}
	return nil
}

func evalPipe(p *parse.PipeNode, data map[string]string) (any, error) {
	if err := pipeShape(p); err != nil {
		return nil, err
	}
	return evalCommand(p.Cmds[0], data)
}

// evalCommand is one command: a value, or a function and its arguments.
func evalCommand(c *parse.CommandNode, data map[string]string) (any, error) {
	if fn, ok := c.Args[0].(*parse.IdentifierNode); ok {
		args := make([]any, 0, len(c.Args)-1)
		for _, a := range c.Args[1:] {
			v, err := evalArg(a, data)
			if err != nil {
				return nil, err
			}
			args = append(args, v)
		}
		return call(fn.Ident, args)
	}
	if len(c.Args) > 1 {
		return nil, fail(texts.TemplateNotFunction, c, c.Args[0])
	}
	return evalArg(c.Args[0], data)
}

func evalArg(n parse.Node, data map[string]string) (any, error) {
	switch n := n.(type) {
	case *parse.FieldNode:
		v, ok := data[n.Ident[0]]
		if !ok || len(n.Ident) > 1 {
			return nil, fail(texts.TemplateUnknownName, n)
		}
		return v, nil
	case *parse.StringNode:
		return n.Text, nil
	case *parse.BoolNode:
		return n.True, nil
	case *parse.PipeNode:
		return evalPipe(n, data)
	}
	return nil, errUnsupported{n.String()}
}

// call applies one of the functions, as text/template's builtins do: eq
// and ne compare values of one type, and and or return the deciding value.
func call(name string, args []any) (any, error) {
	switch name {
	case "not":
		if len(args) != 1 {
			return nil, fail(texts.TemplateNeedsOneArg, "not")
		}
		return !truth(args[0]), nil
	case "and", "or":
		if len(args) == 0 {
			return nil, fail(texts.TemplateNeedsArgs, name)
		}
		for _, a := range args[:len(args)-1] {
			if truth(a) == (name == "or") {
				return a, nil
			}
		}
		return args[len(args)-1], nil
	case "eq", "ne":
		if len(args) < 2 || (name == "ne" && len(args) != 2) {
			return nil, fail(texts.TemplateNeedsTwoArgs, name)
		}
		for _, a := range args[1:] {
			if fmt.Sprintf("%T", a) != fmt.Sprintf("%T", args[0]) {
				return nil, fail(texts.TemplateMixedTypes, name)
			}
			if a == args[0] {
				return name == "eq", nil
			}
		}
		return name == "ne", nil
	}
	return nil, fail(texts.TemplateUnknownFunc, name)
}

// truth is text/template's: a non-empty string, true.
func truth(v any) bool {
	switch v := v.(type) {
	case string:
		return v != ""
	case bool:
		return v
	}
	return v != nil
}

// failure is an error of a template's run, written in the reader's language
// when the API answers it (readable).
type failure struct{ texts.Msg }

func (f failure) Error() string { return f.In(texts.Default) }

func fail(key texts.Key, args ...any) error { return failure{texts.M(key, args...)} }
