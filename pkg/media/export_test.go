package media

// OutputArgs lets the equivalence test read the local engine's encoding
// settings of one output (ffmpeg's options) beside MediaConvert's job.
var OutputArgs = outputArgs

// FilterGraph is the local engine's filter graph of a plan.
func FilterGraph(plan Plan) string {
	args := ffmpegOutputs(plan, "ultrafast", "/tmp")
	for i, a := range args {
		if a == "-filter_complex" {
			return args[i+1]
		}
	}
	return ""
}
