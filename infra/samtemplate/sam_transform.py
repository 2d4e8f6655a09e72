"""Expand template.yaml's SAM transform into plain CloudFormation, offline.

Usage: python3 sam_transform.py TEMPLATE OUTPUT.json [PARAMETERS.json]

PARAMETERS.json is an object of template parameter values by name: the
deploy's (samconfig.toml's parameter_overrides, read by
samtemplate.DeployParameters). The translator is given them as `sam deploy`
gives them to CloudFormation, and each becomes its parameter's Default in the
output, so that cfn-lint checks the values the stack is deployed with (against
AllowedPattern and the rest), not the template's development defaults. A
name the template does not declare, or a parameter left with no value at
all, is refused, as CloudFormation refuses them.

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


def apply_parameters(template, values):
    """Checks values against the template's parameters; returns them with
    the defaults of the parameters they do not set."""
    params = template.get("Parameters", {})
    unknown = sorted(set(values) - set(params))
    if unknown:
        sys.exit("parameter values for parameters the template does not declare: %s" % ", ".join(unknown))
    missing = sorted(n for n, p in params.items() if n not in values and "Default" not in p)
    if missing:
        sys.exit("parameters with neither a value nor a default: %s" % ", ".join(missing))
    return {n: values.get(n, p.get("Default")) for n, p in params.items()}


def typed(name, param, value):
    """A value as the template writes a Default of its parameter's type: a
    number for a Number (CloudFormation refuses a value that is not one)."""
    if param.get("Type") != "Number" or not isinstance(value, str):
        return value
    try:
        return int(value)
    except ValueError:
        try:
            return float(value)
        except ValueError:
            sys.exit("parameter %s is a Number, its value %r is not" % (name, value))


def main(src, dst, parameters=None):
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
    values = {}
    if parameters:
        with open(parameters, encoding="utf-8") as f:
            values = json.load(f)
    values = apply_parameters(template, values)
    deployed = dict(values)  # the translator may add its pseudo parameters to values
    out = transform(template, values, OfflinePolicies())
    for name, value in deployed.items():
        param = out["Parameters"][name]
        param["Default"] = typed(name, param, value)
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, default=str)


if __name__ == "__main__":
    main(*sys.argv[1:4])
