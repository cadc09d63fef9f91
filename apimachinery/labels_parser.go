package apimachinery

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"watchscope/internal/order"
)

// ParseLabelSelector parses the label selector syntax of kubectl -l and
// the labelSelector query parameter, with the real parser's error texts:
//
//	<selector>    ::= <requirement> | <requirement> "," <selector>
//	<requirement> ::= [!] KEY [ ("in"|"notin") "(" VALUES ")" | ("="|"=="|"!=") VALUE | (">"|"<") INT ]
//
// Examples: "app=web, tier!=db", "env in (prod,staging)", "!canary", "gpu".
func ParseLabelSelector(s string) (LabelSelector, error) {
	p := &labelParser{items: lexLabelSelector(s)}
	reqs, err := p.parse()
	if err != nil {
		return nil, err
	}
	order.SortStableFunc(reqs, func(a, b Requirement) int { return strings.Compare(a.Key, b.Key) })
	return LabelSelector(reqs), nil
}

type parserContext int

const (
	ctxKeyAndOperator parserContext = iota
	ctxValues
)

type labelParser struct {
	items    []scannedItem
	position int
}

// lookahead returns the current token; in a values context "in" and
// "notin" are plain identifiers.
func (p *labelParser) lookahead(ctx parserContext) (token, string) {
	it := p.items[p.position]
	if ctx == ctxValues && (it.tok == tokIn || it.tok == tokNotIn) {
		it.tok = tokIdentifier
	}
	return it.tok, it.literal
}

func (p *labelParser) consume(ctx parserContext) (token, string) {
	tok, lit := p.lookahead(ctx)
	p.position++
	return tok, lit
}

func (p *labelParser) parse() ([]Requirement, error) {
	var reqs []Requirement
	for {
		tok, lit := p.lookahead(ctxValues)
		switch tok {
		case tokIdentifier, tokDoesNotExist:
			r, err := p.parseRequirement()
			if err != nil {
				return nil, fmt.Errorf("unable to parse requirement: %v", err)
			}
			reqs = append(reqs, r)
			t, l := p.consume(ctxValues)
			switch t {
			case tokEnd:
				return reqs, nil
			case tokComma:
				if t2, l2 := p.lookahead(ctxValues); t2 != tokIdentifier && t2 != tokDoesNotExist {
					return nil, fmt.Errorf("found '%s', expected: identifier after ','", l2)
				}
			default:
				return nil, fmt.Errorf("found '%s', expected: ',' or 'end of string'", l)
			}
		case tokEnd:
			return reqs, nil
		default:
			return nil, fmt.Errorf("found '%s', expected: !, identifier, or 'end of string'", lit)
		}
	}
}

func (p *labelParser) parseRequirement() (Requirement, error) {
	key, op, err := p.parseKeyAndInferOperator()
	if err != nil {
		return Requirement{}, err
	}
	if op == OpExists || op == OpDoesNotExist {
		return newRequirement(key, op, nil)
	}
	op, err = p.parseOperator()
	if err != nil {
		return Requirement{}, err
	}
	var values []string
	if op == OpIn || op == OpNotIn {
		values, err = p.parseValues()
	} else {
		values, err = p.parseExactValue()
	}
	if err != nil {
		return Requirement{}, err
	}
	return newRequirement(key, op, values)
}

func (p *labelParser) parseKeyAndInferOperator() (string, Operator, error) {
	var op Operator
	tok, lit := p.consume(ctxValues)
	if tok == tokDoesNotExist {
		op = OpDoesNotExist
		tok, lit = p.consume(ctxValues)
	}
	if tok != tokIdentifier {
		return "", "", fmt.Errorf("found '%s', expected: identifier", lit)
	}
	if msgs := validateLabelKey(lit); len(msgs) > 0 {
		return "", "", invalidValue("<nil>", lit, strings.Join(msgs, "; "))
	}
	if t, _ := p.lookahead(ctxValues); t == tokEnd || t == tokComma {
		if op != OpDoesNotExist {
			op = OpExists
		}
	}
	return lit, op, nil
}

func (p *labelParser) parseOperator() (Operator, error) {
	tok, lit := p.consume(ctxKeyAndOperator)
	switch tok {
	case tokIn:
		return OpIn, nil
	case tokEquals:
		return OpEquals, nil
	case tokDoubleEquals:
		return OpDoubleEquals, nil
	case tokGreaterThan:
		return OpGreaterThan, nil
	case tokLessThan:
		return OpLessThan, nil
	case tokNotIn:
		return OpNotIn, nil
	case tokNotEquals:
		return OpNotEquals, nil
	}
	return "", fmt.Errorf("found '%s', expected: %v", lit, strings.Join(binaryOperators, ", "))
}

// parseValues parses "(a,b,c)"; empty entries ("(,a)", "()") are the
// empty string, duplicates collapse.
func (p *labelParser) parseValues() ([]string, error) {
	if tok, lit := p.consume(ctxValues); tok != tokOpenPar {
		return nil, fmt.Errorf("found '%s' expected: '('", lit)
	}
	tok, lit := p.lookahead(ctxValues)
	switch tok {
	case tokIdentifier, tokComma:
		set, err := p.parseIdentifiersList()
		if err != nil {
			return set, err
		}
		if tok, _ = p.consume(ctxValues); tok != tokClosedPar {
			return nil, fmt.Errorf("found '%s', expected: ')'", lit)
		}
		return set, nil
	case tokClosedPar:
		p.consume(ctxValues)
		return []string{""}, nil
	}
	return nil, fmt.Errorf("found '%s', expected: ',', ')' or identifier", lit)
}

func (p *labelParser) parseIdentifiersList() ([]string, error) {
	set := map[string]bool{}
	for {
		tok, lit := p.consume(ctxValues)
		switch tok {
		case tokIdentifier:
			set[lit] = true
			switch tok2, lit2 := p.lookahead(ctxValues); tok2 {
			case tokComma:
				continue
			case tokClosedPar:
				return slices.Sorted(maps.Keys(set)), nil
			default:
				return nil, fmt.Errorf("found '%s', expected: ',' or ')'", lit2)
			}
		case tokComma:
			if len(set) == 0 {
				set[""] = true
			}
			tok2, _ := p.lookahead(ctxValues)
			if tok2 == tokClosedPar || tok2 == tokComma {
				set[""] = true
			}
			if tok2 == tokClosedPar {
				return slices.Sorted(maps.Keys(set)), nil
			}
		default:
			return slices.Sorted(maps.Keys(set)), fmt.Errorf("found '%s', expected: ',', or identifier", lit)
		}
	}
}

func (p *labelParser) parseExactValue() ([]string, error) {
	if tok, _ := p.lookahead(ctxValues); tok == tokEnd || tok == tokComma {
		return []string{""}, nil
	}
	tok, lit := p.consume(ctxValues)
	if tok == tokIdentifier {
		return []string{lit}, nil
	}
	return nil, fmt.Errorf("found '%s', expected: identifier", lit)
}

// newRequirement validates like labels.NewRequirement: key syntax, value
// count per operator, integer values for gt/lt, value syntax.
func newRequirement(key string, op Operator, vals []string) (Requirement, error) {
	var errs []error
	if msgs := validateLabelKey(key); len(msgs) > 0 {
		errs = append(errs, invalidValue("key", key, strings.Join(msgs, "; ")))
	}
	switch op {
	case OpGreaterThan, OpLessThan:
		if len(vals) != 1 {
			errs = append(errs, invalidValue("values", vals, "for 'Gt', 'Lt' operators, exactly one value is required"))
		}
		for i, v := range vals {
			if !isDecimalInt64(v) {
				errs = append(errs, invalidValue(fmt.Sprintf("values[%d]", i), v, "for 'Gt', 'Lt' operators, the value must be an integer"))
			}
		}
	}
	for i, v := range vals {
		if msgs := validateLabelValue(v); len(msgs) > 0 {
			errs = append(errs, invalidValue(fmt.Sprintf("values[%d][%s]", i, key), v, strings.Join(msgs, "; ")))
		}
	}
	if err := aggregate(errs); err != nil {
		return Requirement{}, err
	}
	return Requirement{Key: key, Operator: op, Values: vals}, nil
}

// aggregate joins errors like utilerrors.NewAggregate: duplicates are
// dropped, one message prints as itself, several as "[a, b]".
func aggregate(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	var msgs []string
	for _, e := range errs {
		if !slices.Contains(msgs, e.Error()) {
			msgs = append(msgs, e.Error())
		}
	}
	if len(msgs) == 1 {
		return errors.New(msgs[0])
	}
	return errors.New("[" + strings.Join(msgs, ", ") + "]")
}
