// Package app builds what every function needs from its configuration: the
// AWS clients, the store, the token signer and guard, the services. A
// function's main, the local server and the end-to-end tests all build their
// handlers through it, so they cannot differ.
package app

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Config is read from the environment (see README, "Configuration").
type Config struct {
	Table            string        // TABLE_NAME
	Bucket           string        // BUCKET_NAME
	JWTSecret        string        // JWT_SECRET, at least 32 bytes (on AWS read from SSM: secret.go)
	TokenTTL         time.Duration // TOKEN_TTL, default 1h
	PresignTTL       time.Duration // PRESIGN_TTL, default 15m
	MaxUploadBytes   int64         // MAX_UPLOAD_BYTES: one file of a multipart request, default 6 MiB (what a Lambda event can carry)
	MaxVideoBytes    int64         // MAX_VIDEO_BYTES: a film uploaded straight to S3, default 5 GiB
	MaxImageBytes    int64         // MAX_IMAGE_BYTES, default 10 MiB
	MaxSubtitleBytes int64         // MAX_SUBTITLE_BYTES, default 2 MiB
	S3PathStyle      bool          // S3_FORCE_PATH_STYLE: true for the local S3
	LogLevel         string        // LOG_LEVEL: debug, info (default), warn, error
	Festival         string        // FESTIVAL_NAME, default "Festival du film": the composer's previews name it
	// MediaConvertRoleARN (MEDIACONVERT_ROLE_ARN) is the role AWS Elemental
	// MediaConvert takes to read films and write their encodings; when set,
	// the media jobs measure and encode with MediaConvert, otherwise with
	// ffprobe and ffmpeg on the machine (the local server).
	MediaConvertRoleARN string
	// MediaConvertQueueARN (MEDIACONVERT_QUEUE_ARN) is the queue the jobs
	// go to; the account's default queue when empty.
	MediaConvertQueueARN string
	// MediaPreset (MEDIA_PRESET) is x264's preset for the local engine
	// (ffmpeg): veryfast when empty; the tests take ultrafast.
	MediaPreset string
	// SetupCode (SETUP_CODE; on AWS read from SSM: secret.go) proves the
	// owner of the deployment when the festival's first admin is created
	// (POST /auth/setup); empty, the setup is refused.
	SetupCode string
}

// ReadConfig reads the configuration through getenv (os.Getenv in production).
func ReadConfig(getenv func(string) string) (Config, error) {
	c := Config{
		Table:     getenv("TABLE_NAME"),
		Bucket:    getenv("BUCKET_NAME"),
		JWTSecret: getenv("JWT_SECRET"),
		LogLevel:  getenv("LOG_LEVEL"),
		Festival:  festivalName(getenv),

		MediaConvertRoleARN:  getenv("MEDIACONVERT_ROLE_ARN"),
		MediaConvertQueueARN: getenv("MEDIACONVERT_QUEUE_ARN"),
		MediaPreset:          getenv("MEDIA_PRESET"),
		SetupCode:            strings.TrimSpace(getenv("SETUP_CODE")),
	}
	if c.Table == "" {
		return c, fmt.Errorf("TABLE_NAME is not set")
	}
	if c.Bucket == "" {
		return c, fmt.Errorf("BUCKET_NAME is not set")
	}
	if len(c.JWTSecret) < 32 {
		return c, fmt.Errorf("JWT_SECRET (or the SSM parameter named by %s) must hold at least 32 characters", SecretParameterEnv)
	}
	var err error
	if c.TokenTTL, err = duration(getenv, "TOKEN_TTL", time.Hour); err != nil {
		return c, err
	}
	if c.PresignTTL, err = duration(getenv, "PRESIGN_TTL", 15*time.Minute); err != nil {
		return c, err
	}
	for _, b := range []struct {
		name string
		dst  *int64
		def  int64
	}{
		{"MAX_UPLOAD_BYTES", &c.MaxUploadBytes, 6 << 20},
		{"MAX_VIDEO_BYTES", &c.MaxVideoBytes, 5 << 30},
		{"MAX_IMAGE_BYTES", &c.MaxImageBytes, 10 << 20},
		{"MAX_SUBTITLE_BYTES", &c.MaxSubtitleBytes, 2 << 20},
	} {
		if *b.dst, err = bytesVar(getenv, b.name, b.def); err != nil {
			return c, err
		}
	}
	c.S3PathStyle, _ = strconv.ParseBool(getenv("S3_FORCE_PATH_STYLE"))
	return c, nil
}

// festivalName is the festival's name in its messages (FESTIVAL_NAME).
func festivalName(getenv func(string) string) string {
	if n := strings.TrimSpace(getenv("FESTIVAL_NAME")); n != "" {
		return n
	}
	return "Festival du film"
}

func duration(getenv func(string) string, name string, def time.Duration) (time.Duration, error) {
	s := getenv(name)
	if s == "" {
		return def, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%s: %q is not a positive duration (for example 1h, 15m)", name, s)
	}
	return d, nil
}

func bytesVar(getenv func(string) string, name string, def int64) (int64, error) {
	s := getenv(name)
	if s == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s: %q is not a positive number of bytes", name, s)
	}
	return n, nil
}
