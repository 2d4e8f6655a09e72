package samtemplate_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// MediaConvert encodes the films under a role only it may take, which
// reaches the films' files and nothing else, in the stack's on-demand
// queue; the functions that run the media jobs are told both, and may pass
// that role to MediaConvert only.
func TestMediaConvertTakesARoleLimitedToTheFilmsInTheStacksQueue(t *testing.T) {
	d := loadDoc(t)
	role := at(d, "Resources", "MediaConvertRole")
	if at(role, "Type") != "AWS::IAM::Role" {
		t.Fatalf("MediaConvertRole is %v, want an AWS::IAM::Role", at(role, "Type"))
	}
	trust, _ := at(role, "Properties", "AssumeRolePolicyDocument", "Statement").([]any)
	if len(trust) != 1 || at(trust[0], "Principal", "Service") != "mediaconvert.amazonaws.com" || at(trust[0], "Action") != "sts:AssumeRole" {
		t.Errorf("the role's trust %v, want MediaConvert alone", trust)
	}
	policies, _ := at(role, "Properties", "Policies").([]any)
	for _, p := range policies {
		statements, _ := at(p, "PolicyDocument", "Statement").([]any)
		for _, st := range statements {
			actions, _ := json.Marshal(at(st, "Action"))
			if at(st, "Effect") != "Allow" || string(actions) != `["s3:GetObject","s3:PutObject"]` || at(st, "Resource") != "${Bucket.Arn}/movies/*" {
				t.Errorf("the role's statement %v, want s3:GetObject and s3:PutObject on the films only", st)
			}
		}
	}
	if len(policies) == 0 || at(role, "Properties", "ManagedPolicyArns") != nil {
		t.Error("the role needs its one inline policy, and no managed policy")
	}

	queue := at(d, "Resources", "MediaConvertQueue")
	if at(queue, "Type") != "AWS::MediaConvert::Queue" || at(queue, "Properties", "PricingPlan") != "ON_DEMAND" {
		t.Errorf("MediaConvertQueue %v, want an on-demand AWS::MediaConvert::Queue", queue)
	}

	for _, id := range []string{"BackgroundFunction", "MoviesFunction"} {
		vars := at(d, "Resources", id, "Properties", "Environment", "Variables")
		if at(vars, "MEDIACONVERT_ROLE_ARN") != "MediaConvertRole.Arn" || at(vars, "MEDIACONVERT_QUEUE_ARN") != "MediaConvertQueue.Arn" {
			t.Errorf("%s: MEDIACONVERT_ROLE_ARN %v, MEDIACONVERT_QUEUE_ARN %v; want the stack's role and queue", id,
				at(vars, "MEDIACONVERT_ROLE_ARN"), at(vars, "MEDIACONVERT_QUEUE_ARN"))
		}
	}
	for _, id := range d.functionIDs() {
		policies, _ := at(d, "Resources", id, "Properties", "Policies").([]any)
		for _, p := range policies {
			statements, _ := at(p, "Statement").([]any)
			for _, st := range statements {
				actions, _ := json.Marshal(at(st, "Action"))
				if !strings.Contains(string(actions), "iam:") {
					continue
				}
				if !slices.Equal([]any{at(st, "Action"), at(st, "Resource"), at(st, "Condition", "StringEquals", "iam:PassedToService")},
					[]any{"iam:PassRole", "MediaConvertRole.Arn", "mediaconvert.amazonaws.com"}) {
					t.Errorf("%s: IAM statement %v, want iam:PassRole of the MediaConvert role, to MediaConvert only", id, st)
				}
			}
		}
	}
}
