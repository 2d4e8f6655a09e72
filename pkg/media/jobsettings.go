package media

import (
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/mediaconvert"
	"github.com/aws/aws-sdk-go-v2/service/mediaconvert/types"
)

// audioSelector is the job's one audio selector: the source's first track.
const audioSelector = "Audio Selector 1"

// JobSettings is the MediaConvert job of a plan: the film at inputURI
// (s3://bucket/key) to ONE HLS output group at outputURI
// (s3://bucket/<plan.ClearDestination()>), one output per plan output named
// by its modifier, in the same renditions, bitrates and 6-second segments
// the local engine (FFmpeg) writes. The segments stay clear: MediaConvert's
// HLS encryption uses one static key for the whole stream (or a key
// server, SPEKE, it calls at encoding time), and cannot rotate the key
// every minute of film from keys derived per minute; the packager
// (pkg/screening) encrypts each segment with its minute's key afterwards.
// The watermark variants' patterns are read from the plan's WatermarkKey
// next to outputURI's bucket.
func JobSettings(plan Plan, inputURI, outputURI, role, queue string) *mediaconvert.CreateJobInput {
	bucketURI := strings.TrimSuffix(outputURI, plan.ClearDestination())
	input := types.Input{
		FileInput:      aws.String(inputURI),
		TimecodeSource: types.InputTimecodeSourceZerobased,
		VideoSelector:  &types.VideoSelector{},
	}
	if plan.Audio {
		input.AudioSelectors = map[string]types.AudioSelector{audioSelector: {DefaultSelection: types.AudioDefaultSelectionDefault}}
	}
	group := types.OutputGroup{
		Name: aws.String("HLS"),
		OutputGroupSettings: &types.OutputGroupSettings{
			Type: types.OutputGroupTypeHlsGroupSettings,
			HlsGroupSettings: &types.HlsGroupSettings{
				Destination:            aws.String(outputURI),
				SegmentLength:          aws.Int32(SegmentSeconds),
				MinSegmentLength:       aws.Int32(0),
				SegmentControl:         types.HlsSegmentControlSegmentedFiles,
				SegmentLengthControl:   types.HlsSegmentLengthControlGopMultiple,
				DirectoryStructure:     types.HlsDirectoryStructureSingleDirectory,
				ManifestDurationFormat: types.HlsManifestDurationFormatFloatingPoint,
				OutputSelection:        types.HlsOutputSelectionManifestsAndSegments,
				CodecSpecification:     types.HlsCodecSpecificationRfc4281,
				ProgramDateTime:        types.HlsProgramDateTimeExclude,
				// Encryption stays nil: the packager encrypts (see above).
			},
		},
	}
	for _, o := range plan.Outputs {
		group.Outputs = append(group.Outputs, jobOutput(plan, o, bucketURI))
	}
	in := &mediaconvert.CreateJobInput{
		Role: aws.String(role),
		Settings: &types.JobSettings{
			Inputs:       []types.Input{input},
			OutputGroups: []types.OutputGroup{group},
		},
		UserMetadata: map[string]string{"movie": plan.Prefix()},
	}
	if queue != "" {
		in.Queue = aws.String(queue)
	}
	return in
}

// jobOutput is one plan output: H.264 at the rung's bitrate with a closed
// GOP of SegmentSeconds (so every segment starts with a keyframe, as the
// local engine forces), AAC stereo, the variant's pattern laid over.
func jobOutput(plan Plan, o Output, bucketURI string) types.Output {
	r := o.Rung
	profile := types.H264CodecProfileMain
	if r.H264Profile() == "high" {
		profile = types.H264CodecProfileHigh
	}
	video := &types.VideoDescription{
		Width:  aws.Int32(int32(o.Rendition.Width)),
		Height: aws.Int32(int32(o.Rendition.Height)),
		CodecSettings: &types.VideoCodecSettings{
			Codec: types.VideoCodecH264,
			H264Settings: &types.H264Settings{
				RateControlMode:   types.H264RateControlModeVbr,
				Bitrate:           aws.Int32(int32(r.VideoBitrate)),
				MaxBitrate:        aws.Int32(int32(r.MaxVideoBitrate())),
				HrdBufferSize:     aws.Int32(int32(r.BufferSize())),
				CodecProfile:      profile,
				CodecLevel:        types.H264CodecLevelAuto,
				GopSize:           aws.Float64(SegmentSeconds),
				GopSizeUnits:      types.H264GopSizeUnitsSeconds,
				GopClosedCadence:  aws.Int32(1),
				SceneChangeDetect: types.H264SceneChangeDetectDisabled,
				FramerateControl:  types.H264FramerateControlInitializeFromSource,
				ParControl:        types.H264ParControlInitializeFromSource,
				InterlaceMode:     types.H264InterlaceModeProgressive,
			},
		},
	}
	if o.Variant != "" {
		video.VideoPreprocessors = &types.VideoPreprocessor{ImageInserter: &types.ImageInserter{
			InsertableImages: []types.InsertableImage{{
				ImageInserterInput: aws.String(bucketURI + plan.WatermarkKey(o.Variant)),
				ImageX:             aws.Int32(0),
				ImageY:             aws.Int32(0),
				Width:              aws.Int32(int32(o.Rendition.Width)),
				Height:             aws.Int32(int32(o.Rendition.Height)),
				Layer:              aws.Int32(0),
				Opacity:            aws.Int32(WatermarkOpacityPercent),
			}},
		}}
	}
	out := types.Output{
		NameModifier:      aws.String(o.Modifier()),
		ContainerSettings: &types.ContainerSettings{Container: types.ContainerTypeM3u8, M3u8Settings: &types.M3u8Settings{}},
		VideoDescription:  video,
	}
	if plan.Audio {
		out.AudioDescriptions = []types.AudioDescription{{
			AudioSourceName: aws.String(audioSelector),
			CodecSettings: &types.AudioCodecSettings{
				Codec: types.AudioCodecAac,
				AacSettings: &types.AacSettings{
					Bitrate:         aws.Int32(int32(r.AudioBitrate)),
					CodingMode:      types.AacCodingModeCodingMode20,
					CodecProfile:    types.AacCodecProfileLc,
					RateControlMode: types.AacRateControlModeCbr,
					SampleRate:      aws.Int32(48000),
				},
			},
			RemixSettings: stereoRemix(plan.AudioChannels),
		}}
	}
	return out
}

// stereoRemix mixes the source's channels into the outputs' stereo with
// the coefficients ffmpeg's -ac 2 uses, so both engines give the same
// sound: mono on both sides; 5.1 (L R C LFE Ls Rs) as L+0.707C+0.707Ls and
// R+0.707C+0.707Rs without the LFE (ITU-R BS.775), which keeps the
// dialogue of the centre channel that MediaConvert's default (the first two
// channels) would drop.
// Stereo needs no remix; other layouts are left to MediaConvert.
func stereoRemix(channels int) *types.RemixSettings {
	const mute, minus3dB = -60, -3
	var left, right []float64
	switch channels {
	case 1:
		left, right = []float64{0}, []float64{0}
	case 6:
		left = []float64{0, mute, minus3dB, mute, minus3dB, mute}
		right = []float64{mute, 0, minus3dB, mute, mute, minus3dB}
	default:
		return nil
	}
	return &types.RemixSettings{
		ChannelsIn:  aws.Int32(int32(channels)),
		ChannelsOut: aws.Int32(2),
		ChannelMapping: &types.ChannelMapping{OutputChannels: []types.OutputChannelMapping{
			{InputChannelsFineTune: left}, {InputChannelsFineTune: right},
		}},
	}
}
