package app

import (
	"strings"
	"testing"
)

func TestReadConfigTakesTheMediaConvertRoleAndQueue(t *testing.T) {
	vars := map[string]string{"TABLE_NAME": "t", "BUCKET_NAME": "b", "JWT_SECRET": strings.Repeat("s", 32)}
	cfg, err := ReadConfig(env(vars))
	if err != nil || cfg.MediaConvertRoleARN != "" || cfg.MediaConvertQueueARN != "" {
		t.Fatalf("without them: %+v, %v; want none (ffmpeg locally)", cfg, err)
	}
	vars["MEDIACONVERT_ROLE_ARN"] = "arn:aws:iam::1:role/festival-mediaconvert"
	vars["MEDIACONVERT_QUEUE_ARN"] = "arn:aws:mediaconvert:eu-west-3:1:queues/festival"
	cfg, err = ReadConfig(env(vars))
	if err != nil || cfg.MediaConvertRoleARN != vars["MEDIACONVERT_ROLE_ARN"] || cfg.MediaConvertQueueARN != vars["MEDIACONVERT_QUEUE_ARN"] {
		t.Fatalf("with them: role %q queue %q, %v", cfg.MediaConvertRoleARN, cfg.MediaConvertQueueARN, err)
	}
}
