package texts

// The media pipeline: the settings of the checks, the job's failures, the
// holding back of a refused film.
const (
	MediaChecksShape   Key = "media_checks_shape"
	UnknownMediaCheck  Key = "unknown_media_check"
	UnknownCheckAction Key = "unknown_check_action"
	// MediaRefused answers an assignment of a jury to a film whose file a
	// check refused (409), with the check's reasons.
	MediaRefused Key = "media_refused"
	// MediaJobFailed is the failure kept after the job's last attempt.
	MediaJobFailed Key = "media_job_failed"
)
