package dev.a4s.neo4jlocal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.graphdb.QueryExecutionException;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilders;
import org.neo4j.io.ByteUnit;

/**
 * Starts a real Neo4j 5.26 Community server (Bolt, HTTP, Neo4j Browser) in this JVM and keeps it
 * running until the process gets SIGTERM/SIGINT, then shuts it down cleanly.
 *
 * <p>Everything is configured by environment variables, read once here; the Python launcher
 * ({@code a4s-memory neo4j start}) sets them:
 *
 * <ul>
 *   <li>{@code A4S_NEO4J_HOME} (required): data lives in {@code $A4S_NEO4J_HOME/data} and survives
 *       restarts; the harness's own scratch folder is {@code $A4S_NEO4J_HOME/run} and is removed on stop.
 *   <li>{@code NEO4J_PASSWORD}: the password of user {@code neo4j} (set on every start, so changing
 *       it and restarting takes effect).
 *   <li>{@code A4S_NEO4J_BOLT_PORT} / {@code A4S_NEO4J_HTTP_PORT} (7687 / 7474), always on 127.0.0.1.
 *   <li>{@code A4S_NEO4J_PAGECACHE} (512m).
 * </ul>
 *
 * <p>When the server is up it writes {@code $A4S_NEO4J_HOME/ready.json} with its URIs; the launcher
 * waits for that file and for Bolt to answer.
 */
public final class LocalNeo4j {
  private LocalNeo4j() {}

  public static void main(String[] args) throws Exception {
    Path home = Path.of(required("A4S_NEO4J_HOME")).toAbsolutePath();
    String password = env("NEO4J_PASSWORD", "a4s-local-password");
    int boltPort = Integer.parseInt(env("A4S_NEO4J_BOLT_PORT", "7687"));
    int httpPort = Integer.parseInt(env("A4S_NEO4J_HTTP_PORT", "7474"));
    long pageCache = ByteUnit.parse(env("A4S_NEO4J_PAGECACHE", "512m"));

    Path data = Files.createDirectories(home.resolve("data"));
    Path run = Files.createDirectories(home.resolve("run"));
    Path ready = home.resolve("ready.json");
    Files.deleteIfExists(ready);

    Neo4j neo4j =
        Neo4jBuilders.newInProcessBuilder(run)
            .withConfig(GraphDatabaseSettings.data_directory, data)
            .withConfig(GraphDatabaseSettings.auth_enabled, true)
            .withConfig(GraphDatabaseSettings.pagecache_memory, pageCache)
            .withConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofMinutes(5))
            .withConfig(BoltConnector.enabled, true)
            .withConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", boltPort))
            .withConfig(BoltConnector.advertised_address, new SocketAddress("127.0.0.1", boltPort))
            .withConfig(HttpConnector.enabled, true)
            .withConfig(HttpConnector.listen_address, new SocketAddress("127.0.0.1", httpPort))
            .withConfig(HttpConnector.advertised_address, new SocketAddress("127.0.0.1", httpPort))
            .build();

    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    Files.deleteIfExists(ready);
                  } catch (IOException ignored) {
                    // best effort: the launcher also removes it
                  }
                  neo4j.close();
                  stopped.countDown();
                },
                "a4s-neo4j-shutdown"));

    try {
      setPassword(neo4j, password);
      String json =
          String.format(
              "{\"bolt_uri\": \"%s\", \"http_uri\": \"%s\", \"pid\": %d}%n",
              neo4j.boltURI(), neo4j.httpURI(), ProcessHandle.current().pid());
      Path tmp = home.resolve("ready.json.tmp");
      Files.writeString(tmp, json, StandardCharsets.UTF_8);
      Files.move(tmp, ready, StandardCopyOption.ATOMIC_MOVE);
      System.out.println("a4s-neo4j ready " + json.strip());
      System.out.flush();
    } catch (RuntimeException | IOException e) {
      // Neo4j's threads are not daemons: without an explicit exit a failed start-up would leave
      // a JVM running that never becomes ready. The shutdown hook closes the server.
      e.printStackTrace();
      System.exit(1);
    }
    stopped.await();
  }

  /**
   * Embedded transactions bypass authentication, so this sets the password without knowing the old
   * one (ALTER USER is available in Community Edition). Neo4j refuses to "change" a password to the
   * same value; that case means it is already right.
   */
  private static void setPassword(Neo4j neo4j, String password) {
    try {
      neo4j
          .databaseManagementService()
          .database("system")
          .executeTransactionally(
              "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
              Map.of("password", password));
    } catch (QueryExecutionException e) {
      String message = String.valueOf(e.getMessage());
      if (!message.contains("Old password and new password cannot be the same")) {
        throw e;
      }
    }
  }

  private static String env(String name, String fallback) {
    String value = System.getenv(name);
    return value == null || value.isBlank() ? fallback : value;
  }

  private static String required(String name) {
    String value = System.getenv(name);
    if (value == null || value.isBlank()) {
      throw new IllegalStateException(name + " must be set");
    }
    return value;
  }
}
