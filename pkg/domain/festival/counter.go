package festival

import "time"

// CounterKey names one throttle counter (Throttle): what is counted
// (login-account, login-address, registration, password-reset) and for whom
// (an e-mail, a source address).
type CounterKey struct {
	Counter, Subject string
}

// Count is a counter's state: how many attempts since the window began, and
// when the window ends. The zero Count is a counter never started or whose
// window has ended.
type Count struct {
	N     int
	Until time.Time
}
