package samtemplate

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/BurntSushi/toml"
)

// samconfig is the part of samconfig.toml read here: the deploy's
// parameter_overrides, which SAM accepts as one string or as a list of them.
type samconfig struct {
	Default struct {
		Deploy struct {
			Parameters struct {
				ParameterOverrides any `toml:"parameter_overrides"`
			} `toml:"parameters"`
		} `toml:"deploy"`
	} `toml:"default"`
}

// DeployParameters reads the template parameter values `sam deploy` passes
// to CloudFormation: samconfig.toml's [default.deploy.parameters]
// parameter_overrides, by parameter name.
func DeployParameters(path string) (map[string]string, error) {
	var c samconfig
	if _, err := toml.DecodeFile(path, &c); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	var parts []string
	switch v := c.Default.Deploy.Parameters.ParameterOverrides.(type) {
	case nil:
		return nil, fmt.Errorf("%s: no [default.deploy.parameters] parameter_overrides", path)
	case string:
		parts = []string{v}
	case []any:
		for _, p := range v {
			s, ok := p.(string)
			if !ok {
				return nil, fmt.Errorf("%s: parameter_overrides holds %v, not a string", path, p)
			}
			parts = append(parts, s)
		}
	default:
		return nil, fmt.Errorf("%s: parameter_overrides is a %T, want a string or a list of strings", path, v)
	}
	out := map[string]string{}
	for _, p := range parts {
		if err := ParseParameterOverrides(p, out); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return out, nil
}

// override is one Name=value of SAM's parameter_overrides: the value is
// double-quoted (backslash escapes a character) or runs to the next space.
var override = regexp.MustCompile(`^([A-Za-z0-9]+)=("(?:\\.|[^"\\])*"|[^\s"]*)(?:\s+|$)`)

var escaped = regexp.MustCompile(`\\(.)`)

// ParseParameterOverrides reads SAM's `Name="value" Other=value` form into
// into, and refuses text that is not in it or a name given twice (SAM would
// keep one of the two silently).
func ParseParameterOverrides(s string, into map[string]string) error {
	s = strings.TrimSpace(s)
	for s != "" {
		m := override.FindStringSubmatch(s)
		if m == nil {
			return fmt.Errorf("parameter_overrides: cannot read %q (want Name=\"value\")", s)
		}
		name, v := m[1], m[2]
		if strings.HasPrefix(v, `"`) {
			v = escaped.ReplaceAllString(v[1:len(v)-1], "$1")
		}
		if _, dup := into[name]; dup {
			return fmt.Errorf("parameter_overrides: %s is given twice", name)
		}
		into[name] = v
		s = s[len(m[0]):]
	}
	return nil
}
