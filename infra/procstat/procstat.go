// Package procstat reads how much processor time a process has used, from
// /proc (Linux): the runtime test sizes Lambda memory with it, the load test
// splits CPU between the API and DynamoDB Local.
package procstat

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// CPUTime is the user and system time process pid has used so far, in 10 ms
// steps (USER_HZ).
func CPUTime(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// Fields after the command name, which is in parentheses and may hold spaces.
	fields := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(fields) < 13 {
		return 0, fmt.Errorf("unexpected /proc stat: %s", b)
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("unexpected /proc stat: %s", b)
	}
	const ticksPerSecond = 100 // USER_HZ on Linux
	return time.Duration(utime+stime) * time.Second / ticksPerSecond, nil
}
