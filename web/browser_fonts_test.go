package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The layout tests run under more than one set of fonts: a box sized in the metrics of
// whatever font the machine calls monospace holds on one machine and cuts its last row
// on another. Each set names the family that Chromium is to take for monospace (through
// a fontconfig file of the test's own, FONTCONFIG_FILE, that prefers it) and the Debian
// package that installs it; a set whose font is not installed is skipped, saying so.

// fontSet is one default monospace font for the browser.
type fontSet struct {
	// Name names the subtest; Family is the font's family ("" keeps the machine's own
	// fonts as they are); Package is the Debian package that installs it.
	Name, Family, Package string
}

// fontSets are the fonts the layout tests run under: the machine's own default, and
// Noto's and DejaVu's monospace, whose line heights differ by a sixth.
var fontSets = []fontSet{
	{Name: "machine-default"},
	{Name: "noto-mono", Family: "Noto Sans Mono", Package: "fonts-noto-mono"},
	{Name: "dejavu-mono", Family: "DejaVu Sans Mono", Package: "fonts-dejavu-core"},
}

// fontConfig is a fontconfig file that prefers family for monospace, then reads the
// system's configuration: its rule comes first, so the system's own list of monospace
// fonts goes after it.
const fontConfig = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <alias binding="strong"><family>monospace</family><prefer><family>%s</family></prefer></alias>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
</fontconfig>
`

// forEachFont runs test in a subtest for each font set, with a browser whose monospace
// is that set's font, its URL and its server.
func forEachFont(t *testing.T, test func(t *testing.T, ctx context.Context, url string, s *Server)) {
	for _, fs := range fontSets {
		t.Run(fs.Name, func(t *testing.T) {
			ctx, url, s := newBrowserInFont(t, fs)
			test(t, ctx, url, s)
		})
	}
}

// newBrowserInFont is newBrowser whose Chromium takes fs's font for monospace. It skips
// the test when Chromium draws monospace in another font: fs's is not installed.
func newBrowserInFont(t *testing.T, fs fontSet) (context.Context, string, *Server) {
	t.Helper()
	if fs.Family == "" {
		return newBrowser(t)
	}
	if findChromium() == "" {
		t.Skip("no Chromium found (install Debian's chromium package or set BOARD_CHROMIUM): browser test skipped")
	}
	conf := filepath.Join(t.TempDir(), "fonts.conf")
	if err := os.WriteFile(conf, fmt.Appendf(nil, fontConfig, fs.Family), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, url, s := startBrowser(t, Config{}, chromedp.Env("FONTCONFIG_FILE="+conf))
	used, err := chromedp.Run(ctx, monospaceFonts())
	if err != nil {
		t.Fatalf("asking Chromium which font draws monospace: %v", err)
	}
	if len(used) == 0 {
		t.Fatal("Chromium did not say which font draws monospace")
	}
	if !slices.Contains(used, fs.Family) {
		t.Skipf("Chromium draws monospace in %v, not %s: the font is not installed (Debian's %s installs it); this font set is skipped",
			used, fs.Family, fs.Package)
	}
	return ctx, url, s
}

// monospaceFonts returns the families of the platform fonts that Chromium draws a text
// in monospace with, as the DevTools protocol reports them.
func monospaceFonts() chromedp.Action[[]string] {
	return func(ctx context.Context, tg *chromedp.Target) ([]string, error) {
		if _, err := chromedp.Evaluate[any](`(() => { const p = document.createElement("p"); p.id = "font-probe";
			p.style.font = "12px monospace"; p.textContent = "24. W 1,4 PASS"; document.body.appendChild(p); return p.offsetHeight; })()`)(ctx, tg); err != nil {
			return nil, err
		}
		// The probe's node as chromedp knows it (its own DOM session: a DOM.getDocument
		// of the test's would leave chromedp's nodes stale).
		nodes, err := chromedp.Nodes(chromedp.CSS("#font-probe"))(ctx, tg)
		if err != nil || len(nodes) != 1 {
			return nil, fmt.Errorf("the probe's node: %d nodes, %v", len(nodes), err)
		}
		var fonts struct {
			Fonts []struct {
				FamilyName string `json:"familyName"`
			} `json:"fonts"`
		}
		// The fonts are known once the probe is laid out and drawn: asked again a few
		// times, a tenth of a second apart.
		for try := 0; len(fonts.Fonts) == 0 && try < 50; try++ {
			if try > 0 {
				if _, err := chromedp.Sleep(100*time.Millisecond)(ctx, tg); err != nil {
					return nil, err
				}
			}
			if err := tg.Call(ctx, "CSS.getPlatformFontsForNode", map[string]any{"nodeId": nodes[0].NodeID}, &fonts); err != nil {
				return nil, fmt.Errorf("CSS.getPlatformFontsForNode: %w", err)
			}
		}
		if _, err := chromedp.Evaluate[any](`document.getElementById("font-probe").remove()`)(ctx, tg); err != nil {
			return nil, err
		}
		var families []string
		for _, f := range fonts.Fonts {
			families = append(families, f.FamilyName)
		}
		return families, nil
	}
}
