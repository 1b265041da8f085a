// rules.go: the rule names KataGo's rules parser accepts (its named rule sets with their
// spellings, and its short form such as "koSIMPLEscoreAREAsui0"): under each of them
// this engine applies the course's rules, with a warning.

package katago

import (
	"strconv"
	"strings"
)

// kataRuleSets are the names of KataGo's rule sets, each with the spellings its parser
// takes (lower case; '-', '_', ' ' and none between the words).
var kataRuleSets = []string{
	"japanese", "korean", "chinese", "chinese-ogs", "chinese-kgs", "ancient-area", "stone-scoring",
	"ancient-territory", "aga-button", "aga", "bga", "french", "nz", "new-zealand", "tromp-taylor", "goe", "ing",
}

// isKataRules reports whether KataGo's parser accepts the rules string s.
func isKataRules(s string) bool {
	name := strings.ToLower(strings.TrimSpace(s))
	for _, set := range kataRuleSets {
		for _, sep := range []string{"-", "_", " ", ""} {
			if name == strings.ReplaceAll(set, "-", sep) {
				return true
			}
		}
	}
	return isShortRules(strings.TrimSpace(s))
}

// shortRuleKeys are the keys of KataGo's short form, each with the values it takes; komi
// takes a number.
var shortRuleKeys = []struct {
	key    string
	values []string
}{
	{"komi", nil},
	{"ko", []string{"SIMPLE", "POSITIONAL", "SITUATIONAL", "SPIGHT"}},
	{"scoring", []string{"AREA", "TERRITORY"}},
	{"score", []string{"AREA", "TERRITORY"}},
	{"tax", []string{"NONE", "SEKI", "ALL"}},
	{"sui", []string{"1", "0"}},
	{"button", []string{"1", "0"}},
	{"whb", []string{"0", "N-1", "N"}},
	{"fpok", []string{"1", "0"}},
}

// isShortRules reports whether s is KataGo's short form: keys followed by their values,
// such as "koPOSITIONALscoreAREAtaxNONEsui1".
func isShortRules(s string) bool {
	if s == "" {
		return false
	}
	for s != "" {
		matched := false
		for _, k := range shortRuleKeys {
			if !strings.HasPrefix(s, k.key) {
				continue
			}
			rest := strings.TrimSpace(s[len(k.key):])
			if k.values == nil {
				n := numberPrefix(rest)
				if n == 0 {
					return false
				}
				s, matched = strings.TrimSpace(rest[n:]), true
				break
			}
			for _, v := range k.values {
				if strings.HasPrefix(rest, v) {
					s, matched = strings.TrimSpace(rest[len(v):]), true
					break
				}
			}
			if matched {
				break
			}
			return false
		}
		if !matched {
			return false
		}
	}
	return true
}

// numberPrefix returns the length of the number at the start of s (0: none).
func numberPrefix(s string) int {
	n := 0
	for n < len(s) && strings.ContainsRune("+-.0123456789", rune(s[n])) {
		n++
	}
	for ; n > 0; n-- {
		if _, err := strconv.ParseFloat(s[:n], 64); err == nil {
			return n
		}
	}
	return 0
}
