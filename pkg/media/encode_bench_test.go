package media_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/festivalapi/festival/pkg/media"
	"github.com/festivalapi/festival/pkg/media/mediatest"
)

// BenchmarkFFmpegRendition measures the local engine's speed, for the whole
// ladder in its one run ("ladder": the film decoded once) and per rendition,
// at its default preset (veryfast), from a 1080p source at 25 frames a
// second: seconds of encoding per minute of film ("s/film-min"). ffmpeg's
// test pattern is easier to encode than a real film: take the numbers as a
// floor. On a shared machine the wall time ("s/film-min") depends on the
// other loads; the CPU time ffmpeg took ("cpu-s/film-min") does not. Run it alone: go test -run '^$' -bench FFmpegRendition -benchtime 1x ./pkg/media/
func BenchmarkFFmpegRendition(b *testing.B) {
	const seconds = 12
	bucket := mediatest.NewBucket(b)
	source := "movies/1/filmFile-1.mp4"
	bucket.Put(source, mediatest.Bytes(b, mediatest.Film{Seconds: seconds, Width: 1920, Height: 1080}))
	facts, err := media.FFprobe{Objects: bucket}.Probe(context.Background(), source)
	if err != nil {
		b.Fatal(err)
	}
	full, err := media.NewPlan(1, 1, source, facts, false)
	if err != nil {
		b.Fatal(err)
	}
	runs := map[string][]media.Output{"ladder": full.Outputs}
	names := []string{"ladder"}
	for _, o := range full.Outputs {
		runs[o.Rendition.Name] = []media.Output{o}
		names = append(names, o.Rendition.Name)
	}
	for _, name := range names {
		b.Run(name, func(b *testing.B) {
			plan := full
			plan.Outputs = runs[name]
			var took, cpu time.Duration
			for i := 0; i < b.N; i++ {
				began, cpuBefore := time.Now(), childrenCPU()
				if _, _, err := (media.FFmpeg{Objects: bucket}).Start(context.Background(), plan); err != nil {
					b.Fatal(err)
				}
				took += time.Since(began)
				cpu += childrenCPU() - cpuBefore
			}
			perMinute := float64(b.N) * seconds / 60.0
			b.ReportMetric(took.Seconds()/perMinute, "s/film-min")
			b.ReportMetric(cpu.Seconds()/perMinute, "cpu-s/film-min")
		})
	}
}

// childrenCPU is the CPU time (user and system) of the finished child
// processes: ffmpeg's.
func childrenCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
