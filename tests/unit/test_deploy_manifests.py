"""deploy/k8s validates against the Kubernetes OpenAPI JSON schemas shipped INSIDE the PyPI package
kubernetes-validate (no download at test time; strict: unknown fields fail), has what the issue
asks for (StatefulSet + PVC + auth Secret for Neo4j; Deployment + Service + probes + limits for the
API; a NetworkPolicy letting only API pods reach Bolt; secrets from Secret objects), and agrees
with docker-compose.yml on image names, ports and env var names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "deploy" / "k8s"
K8S_VERSION = "1.30.0"
API_IMAGE = "a4s-memory-api"


def _docs() -> list[tuple[str, dict[str, Any]]]:
    docs = []
    for path in sorted(K8S.glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text()):
            if doc:
                docs.append((path.name, doc))
    return docs


DOCS = _docs()
RESOURCES = [(name, d) for name, d in DOCS if d.get("kind") != "Kustomization"]


def _one(kind: str, name: str | None = None) -> dict[str, Any]:
    found = [d for _, d in RESOURCES if d["kind"] == kind and name in (None, d["metadata"]["name"])]
    assert len(found) == 1, f"expected one {kind} {name or ''}, found {len(found)}"
    return found[0]


def _containers(doc: dict[str, Any]) -> list[dict[str, Any]]:
    spec = doc["spec"]["template"]["spec"]
    return list(spec.get("initContainers", [])) + list(spec["containers"])


@pytest.mark.parametrize(
    "doc",
    [d for _, d in RESOURCES],
    ids=[f"{n}:{d['kind']}/{d['metadata']['name']}" for n, d in RESOURCES],
)
def test_manifest_validates_against_the_packaged_schema(doc: dict[str, Any]) -> None:
    import kubernetes_validate
    from kubernetes_validate.utils import InvalidSchemaError, ValidationError

    try:
        kubernetes_validate.validate(doc, K8S_VERSION, strict=True)
    except (ValidationError, InvalidSchemaError) as err:
        pytest.fail(f"{doc['kind']}/{doc['metadata']['name']}: {err}")


def test_kustomization_lists_every_file() -> None:
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    listed = set(kustomization["resources"])
    on_disk = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert listed == on_disk


def test_neo4j_statefulset_pvc_and_auth_secret() -> None:
    sts = _one("StatefulSet", "neo4j")
    assert sts["spec"]["volumeClaimTemplates"][0]["spec"]["resources"]["requests"]["storage"]
    (neo4j,) = sts["spec"]["template"]["spec"]["containers"]
    auth = {e["name"]: e for e in neo4j["env"]}["NEO4J_AUTH"]
    assert auth["valueFrom"]["secretKeyRef"]["name"] == "neo4j-auth"
    assert {p["containerPort"] for p in neo4j["ports"]} == {7474, 7687}
    assert neo4j["resources"]["limits"]


def test_api_probes_limits_and_secrets() -> None:
    api = _one("Deployment", "a4s-memory-api")
    for container in _containers(api):
        env = {e["name"]: e for e in container["env"]}
        assert env["NEO4J_PASSWORD"]["valueFrom"]["secretKeyRef"]["name"] == "neo4j-auth"
        assert "value" not in env["NEO4J_PASSWORD"]
        assert container["resources"]["limits"]["memory"]
    serve = api["spec"]["template"]["spec"]["containers"][0]
    assert serve["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert serve["livenessProbe"]["httpGet"]["path"] == "/healthz"
    keys_file = {e["name"]: e for e in serve["env"]}["A4S_API_KEYS_FILE"]["value"]
    mounts = {m["name"]: m["mountPath"] for m in serve["volumeMounts"]}
    volumes = {v["name"]: v for v in api["spec"]["template"]["spec"]["volumes"]}
    secret_volume = volumes["api-keys"]["secret"]
    assert secret_volume["secretName"] == "a4s-api-keys"
    assert keys_file == f"{mounts['api-keys']}/{secret_volume['items'][0]['path']}"
    service = _one("Service", "a4s-memory-api")
    assert service["spec"]["selector"] == api["spec"]["selector"]["matchLabels"]


def test_only_api_pods_reach_bolt() -> None:
    policy = _one("NetworkPolicy")
    neo4j_labels = _one("StatefulSet", "neo4j")["spec"]["template"]["metadata"]["labels"]
    api_labels = _one("Deployment", "a4s-memory-api")["spec"]["template"]["metadata"]["labels"]
    assert policy["spec"]["policyTypes"] == ["Ingress"]
    selected = policy["spec"]["podSelector"]["matchLabels"]
    assert selected.items() <= neo4j_labels.items()
    assert not selected.items() <= api_labels.items()
    (rule,) = policy["spec"]["ingress"]
    assert rule["ports"] == [{"protocol": "TCP", "port": 7687}]
    (peer,) = rule["from"]
    assert set(peer) == {"podSelector"}  # no namespaceSelector / ipBlock widening it
    assert peer["podSelector"]["matchLabels"].items() <= api_labels.items()


def test_compose_and_k8s_agree() -> None:
    compose = yaml.safe_load((REPO / "docker-compose.yml").read_text())["services"]
    api = _one("Deployment", "a4s-memory-api")
    neo4j = _one("StatefulSet", "neo4j")
    k8s_api = api["spec"]["template"]["spec"]["containers"][0]
    k8s_neo4j = neo4j["spec"]["template"]["spec"]["containers"][0]
    # images
    assert compose["neo4j"]["image"] == k8s_neo4j["image"] == "neo4j:5.26-community"
    assert compose["api"]["image"] == k8s_api["image"]
    assert k8s_api["image"].split(":")[0] == API_IMAGE
    assert all(c["image"] == k8s_api["image"] for c in _containers(api))
    # ports
    compose_api_ports = {int(p.rsplit(":", 1)[-1]) for p in compose["api"]["ports"]}
    compose_neo4j_ports = {
        int(re.sub(r"\s*#.*", "", p).rsplit(":", 1)[-1]) for p in compose["neo4j"]["ports"]
    }
    assert compose_api_ports == {p["containerPort"] for p in k8s_api["ports"]} == {8000}
    assert compose_neo4j_ports == {p["containerPort"] for p in k8s_neo4j["ports"]}
    # env var names
    assert set(compose["api"]["environment"]) == {e["name"] for e in k8s_api["env"]}
    compose_neo4j_env = set(compose["neo4j"]["environment"])
    assert compose_neo4j_env == {e["name"] for e in k8s_neo4j["env"]}
    # the bolt URI points at the neo4j service in both
    compose_uri = compose["api"]["environment"]["NEO4J_URI"]
    k8s_uri = {e["name"]: e for e in k8s_api["env"]}["NEO4J_URI"]["value"]
    assert compose_uri == k8s_uri == "bolt://neo4j:7687"
    # the same serve command
    assert "a4s-memory serve --host 0.0.0.0 --port 8000" in " ".join(compose["api"]["command"])
    assert " ".join(k8s_api["command"]) == "a4s-memory serve --host 0.0.0.0 --port 8000"


def test_dockerfile_serves_what_k8s_probes() -> None:
    dockerfile = (REPO / "deploy" / "Dockerfile").read_text()
    assert "EXPOSE 8000" in dockerfile
    assert re.search(r"^USER ", dockerfile, flags=re.M)
    uid = _one("Deployment", "a4s-memory-api")["spec"]["template"]["spec"]["securityContext"][
        "runAsUser"
    ]
    assert f"--uid {uid}" in dockerfile


def test_the_image_installs_the_locked_versions() -> None:
    """The image gets what `make test` ran: uv.lock through the uv version pyproject pins (it
    used to `pip install .`, resolving every dependency anew at build time), and the `embed`
    extra, without which the default embedder silently falls back to hashing."""
    dockerfile = (REPO / "deploy" / "Dockerfile").read_text()
    pinned = re.search(r'"uv==([^"]+)"', (REPO / "pyproject.toml").read_text())
    assert pinned is not None
    assert f"uv=={pinned.group(1)}" in dockerfile
    assert re.search(r"uv sync --locked\b.*--extra embed", dockerfile)
    assert "COPY pyproject.toml uv.lock" in dockerfile
    assert "pip install --no-cache-dir ." not in dockerfile


def test_the_validator_rejects_a_broken_manifest() -> None:
    """Guards against a validator that silently accepts everything (e.g. schemas missing)."""
    import copy

    import kubernetes_validate
    from kubernetes_validate.utils import ValidationError

    broken = copy.deepcopy(_one("Deployment", "a4s-memory-api"))
    broken["spec"]["template"]["spec"]["containers"][0]["readinessProbe"]["httpGet"]["port"] = []
    broken["spec"]["replicaz"] = 2
    with pytest.raises(ValidationError):
        kubernetes_validate.validate(broken, K8S_VERSION, strict=True)
