// Command console is the Lambda function that serves the festival console
// (functions/console/web, built into the console/ folder next to bootstrap).
package main

import (
	"log/slog"
	"os"
	"path/filepath"

	"github.com/festivalapi/festival/pkg/api/console"
	"github.com/festivalapi/festival/pkg/api/lambdahttp"
	"github.com/festivalapi/festival/pkg/api/web"
)

func main() {
	dir := os.Getenv("CONSOLE_DIR")
	if dir == "" {
		dir = filepath.Join(os.Getenv("LAMBDA_TASK_ROOT"), "console")
	}
	lambdahttp.Start(web.Serve(slog.New(slog.NewJSONHandler(os.Stderr, nil)), "console", console.New(dir)))
}
