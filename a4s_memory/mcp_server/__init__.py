"""The MCP server (official ``mcp`` SDK): memory tools over streamable HTTP and stdio.

Not named ``mcp``: that would shadow the SDK.
"""

from a4s_memory.mcp_server.http import mount_mcp
from a4s_memory.mcp_server.tools import MemoryTools, build_mcp_server

__all__ = ["MemoryTools", "build_mcp_server", "mount_mcp"]
