"""One settings class. The environment is read once, where a process starts (the CLI, the ASGI app
factory, the test fixture) by calling :meth:`Settings.from_env`; everything below receives the object.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

__all__ = ["LOCAL_NEO4J_PASSWORD", "AuthMode", "Settings"]

# The documented default for the *local, loopback-only* Neo4j (docs/deploy.md). Never use it elsewhere.
LOCAL_NEO4J_PASSWORD = "a4s-local-password"  # noqa: S105 - a documented loopback-only default


class AuthMode(str, Enum):
    TOKEN = "token"  # noqa: S105 - a mode name, not a secret
    TRUSTED_HEADER = "trusted-header"


def _env(name: str, *more: str) -> AliasChoices:
    return AliasChoices(name, *more)


class Settings(BaseSettings):
    """Configuration for every a4s-memory process. Field docs name the environment variable."""

    model_config = SettingsConfigDict(extra="ignore", frozen=True, populate_by_name=True)

    # Neo4j (docs/deploy.md)
    neo4j_uri: str = Field("bolt://127.0.0.1:7687", validation_alias=_env("NEO4J_URI"))
    neo4j_user: str = Field("neo4j", validation_alias=_env("NEO4J_USER"))
    neo4j_password: SecretStr = Field(
        SecretStr(LOCAL_NEO4J_PASSWORD), validation_alias=_env("NEO4J_PASSWORD")
    )
    neo4j_database: str = Field("neo4j", validation_alias=_env("NEO4J_DATABASE"))

    # Local state (the local Neo4j's data, logs and PID live under here)
    data_dir: Path = Field(Path(".a4s"), validation_alias=_env("A4S_DATA_DIR"))
    neo4j_home: Path | None = Field(None, validation_alias=_env("A4S_NEO4J_HOME"))
    neo4j_http_port: int = Field(7474, validation_alias=_env("A4S_NEO4J_HTTP_PORT"))
    neo4j_heap: str = Field("1g", validation_alias=_env("A4S_NEO4J_HEAP"))
    neo4j_pagecache: str = Field("512m", validation_alias=_env("A4S_NEO4J_PAGECACHE"))
    neo4j_start_timeout_s: float = Field(240.0, validation_alias=_env("A4S_NEO4J_START_TIMEOUT"))

    # API (docs/api.md)
    host: str = Field("127.0.0.1", validation_alias=_env("A4S_HOST"))
    port: int = Field(8000, validation_alias=_env("A4S_PORT"))
    auth_mode: AuthMode = Field(AuthMode.TOKEN, validation_alias=_env("A4S_AUTH_MODE"))
    api_keys_file: Path | None = Field(None, validation_alias=_env("A4S_API_KEYS_FILE"))
    # Below the client's 30 s timeout, so a request stuck on a dead Neo4j answers 503 first; 0 = off.
    request_timeout_s: float = Field(20.0, ge=0, validation_alias=_env("A4S_REQUEST_TIMEOUT"))
    max_body_bytes: int = Field(64 * 1024, ge=1024, validation_alias=_env("A4S_MAX_BODY_BYTES"))
    # 0 turns the per-requester write quota off (e.g. behind a gateway that enforces its own).
    write_quota_per_minute: float = Field(
        120, ge=0, validation_alias=_env("A4S_WRITE_QUOTA_PER_MINUTE")
    )
    write_quota_burst: int = Field(30, ge=1, validation_alias=_env("A4S_WRITE_QUOTA_BURST"))
    # "sync": a write is extracted inside its request (201); "queue": screened in the request,
    # answered 202 with a job id, extracted by `a4s-memory worker` processes (a4s_memory/store/jobs.py).
    ingest_mode: str = Field(
        "sync", pattern="^(sync|queue)$", validation_alias=_env("A4S_INGEST_MODE")
    )
    job_lease_s: float = Field(300.0, gt=0, validation_alias=_env("A4S_JOB_LEASE_S"))
    # Where the buckets live: "memory" (per process) or "neo4j" (shared by every worker/replica).
    write_quota_store: str = Field(
        "memory", pattern="^(memory|neo4j)$", validation_alias=_env("A4S_WRITE_QUOTA_STORE")
    )
    admin_ids: Annotated[frozenset[str], NoDecode] = Field(
        frozenset(), validation_alias=_env("A4S_ADMIN_IDS")
    )

    # Extraction and embeddings: offline unless an OpenAI-compatible endpoint is configured.
    openai_api_key: SecretStr | None = Field(None, validation_alias=_env("OPENAI_API_KEY"))
    openai_base_url: str | None = Field(
        None, validation_alias=_env("OPENAI_BASE_URL", "A4S_LLM_BASE_URL")
    )
    llm_model: str | None = Field(None, validation_alias=_env("A4S_LLM_MODEL"))
    embedding_model: str | None = Field(None, validation_alias=_env("A4S_EMBEDDING_MODEL"))
    # Which embedder writes and searches vectors (store/embedder.py, docs/offline-mode.md): "auto"
    # = OpenAI-compatible when an endpoint is configured, else MiniLM-ONNX when the `embed` extra
    # is installed, else MiniLM (sentence-transformers) when installed, else hashing.
    embedder: str = Field(
        "auto",
        pattern="^(auto|openai|minilm-onnx|minilm|hashing)$",
        validation_alias=_env("A4S_EMBEDDER"),
    )
    # onnxruntime threads per MiniLM-ONNX call; 0 = onnxruntime's default (every core). The service
    # gets its parallelism from concurrent requests, so one thread per call wastes less CPU on
    # spinning threads: 200 LoCoMo turns, 4 calls at a time on 2 cores, 3.15 s (default) vs
    # 2.75 s wall and 13% less CPU (one thread).
    embed_threads: int = Field(1, ge=0, le=64, validation_alias=_env("A4S_EMBED_THREADS"))
    # Short texts whose MiniLM-ONNX vectors a process keeps (LRU, ~1.5 KB each; 0 = none): names,
    # keys and queries recur. The benchmarks turn it off so no pass reuses another's vectors.
    embed_cache_texts: int = Field(
        4096, ge=0, le=1_000_000, validation_alias=_env("A4S_EMBED_CACHE_TEXTS")
    )
    # MiniLM-ONNX with int8 arithmetic (store/embedder_quant.py): the model is rewritten once into
    # `data_dir`/models; half the CPU per text, vectors within cosine 0.97 of the float32 ones
    # (docs/offline-mode.md). false = the shipped model as it is.
    embed_int8: bool = Field(True, validation_alias=_env("A4S_EMBED_INT8"))
    # Search reranker: "lexical" (offline BM25 over the candidates) or "cross-encoder" (Graphiti's
    # OpenAIRerankerClient on the configured LLM endpoint; lexical without one). docs/retrieval.md
    reranker: str = Field(
        "lexical", pattern="^(lexical|cross-encoder)$", validation_alias=_env("A4S_RERANKER")
    )

    # Export signing (HMAC-SHA256). Unset: a random key is generated once into `export_key_file`.
    # Every process that exports or imports the same memories must see the same key.
    export_key: SecretStr | None = Field(None, validation_alias=_env("A4S_EXPORT_KEY"))

    @field_validator("admin_ids", mode="before")
    @classmethod
    def _split_ids(cls, value: object) -> object:
        if isinstance(value, str):
            return frozenset(part.strip() for part in value.split(",") if part.strip())
        return value

    @field_validator("export_key")
    @classmethod
    def _long_enough(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and len(value.get_secret_value()) < 32:
            raise ValueError("A4S_EXPORT_KEY must be at least 32 characters")
        return value

    @property
    def model_dir(self) -> Path:
        """Where derived model files are kept (the int8 MiniLM rewrite)."""
        return self.data_dir / "models"

    @property
    def export_key_file(self) -> Path:
        """Where the generated export signing key lives when A4S_EXPORT_KEY is unset."""
        return self.data_dir / "export.key"

    @property
    def neo4j_dir(self) -> Path:
        """Where the local Neo4j keeps data, logs and its PID file (docs/deploy.md: `.a4s/neo4j/`)."""
        return self.neo4j_home if self.neo4j_home is not None else self.data_dir / "neo4j"

    @property
    def llm_configured(self) -> bool:
        return self.openai_api_key is not None or self.openai_base_url is not None

    @classmethod
    def from_env(cls) -> Settings:
        """Read the environment. Call this once, at the edge of a process."""
        return cls()
