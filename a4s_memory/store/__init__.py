"""The graph store: the only package that talks to Neo4j or imports graphiti-core.

Everything that reads or writes the database lives here, one module per kind of record:

* ``db`` - the driver boundary (:class:`Neo4jStore`: read/write transactions, retries, routing);
* ``graphiti_factory``, ``embedder``, ``embedder_onnx``, ``offline_llm`` - Graphiti and the
  clients it is built with;
* ``ingest*`` - writes through Graphiti (free text via ``add_episode``, structured items via
  ``add_triplet``), each with its commit transaction (:data:`ingest.Finalizer`);
* ``ledger`` - the one status ledger: every element's four-axis status and its re-stamping;
* ``transitions``, ``versions``, ``pinning``, ``deletion``, ``sweeper``, ``portability`` - the
  lifecycle records;
* ``search``, ``search_channels``, ``ranking``, ``summaries`` - the read side, every channel
  filtered by the ContextPolicy predicate inside its Cypher;
* ``audit_log``, ``jobs``, ``registry``, ``sentinel_records`` - the audit chain, the ingestion
  queue, the ownership registry and the sentinel records.

Nothing outside this package imports ``neo4j`` or ``graphiti_core``
(``tests/unit/test_architecture.py`` checks it); callers pass in a :class:`db.Neo4jStore` and
get pydantic models back. The package ``__init__`` imports nothing so that importing one store
module does not load the others.
"""
