"""Expand template.yaml's SAM transform into plain CloudFormation, offline.

Usage: python3 sam_transform.py TEMPLATE OUTPUT.json

It runs AWS's own translator (aws-sam-translator, the code behind the
AWS::Serverless transform) with a managed-policy loader that needs no AWS
account: the template names no AWS managed policy by name, and the
translator only asks the loader when one is. cfn-lint then checks the
output (infra/samtemplate/cfnlint_test.go).
"""
import json
import os
import sys

from cfnlint.decode import decode_str
from samtranslator.translator.managed_policy_translator import ManagedPolicyLoader
from samtranslator.translator.transform import transform


class OfflinePolicies(ManagedPolicyLoader):
    """Answers the AWS managed policies that SAM itself attaches, by ARN."""

    def __init__(self):
        super().__init__(iam_client=None)

    def load(self):
        partition = "arn:aws:iam::aws:policy/"
        names = [
            "service-role/AWSLambdaBasicExecutionRole",
            "AWSXrayWriteOnlyAccess",
            "AWSXRayDaemonWriteAccess",
        ]
        return {n.split("/")[-1]: partition + n for n in names}


def package(template):
    code = "s3://sam-artifacts-bucket/festival-api/bootstrap.zip"
    fn = template.get("Globals", {}).get("Function", {})
    if "CodeUri" in fn:
        fn["CodeUri"] = code
    for res in template.get("Resources", {}).values():
        props = res.get("Properties") or {}
        if res.get("Type") == "AWS::Serverless::Function" and "CodeUri" in props:
            props["CodeUri"] = code


def main(src, dst):
    # The translator fills AWS::Region from the environment; any region does
    # for a check (samconfig.toml deploys to eu-west-3).
    os.environ.setdefault("AWS_DEFAULT_REGION", "eu-west-3")
    with open(src, encoding="utf-8") as f:
        template, matches = decode_str(f.read())
    if matches:
        sys.exit("cannot read %s: %s" % (src, matches))
    # What `sam deploy` does before the transform: local code becomes an S3
    # object it uploaded.
    package(template)
    out = transform(template, {}, OfflinePolicies())
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, default=str)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
