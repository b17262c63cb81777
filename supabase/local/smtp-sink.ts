import { createServer, type Socket } from "node:net";

export interface SmtpEnvelope {
  from: string;
  to: string[];
}

export interface ReceivedMessage {
  envelope: SmtpEnvelope;
  /** The message as sent (headers and body), dot-unstuffed. */
  raw: Buffer;
  /** Whether the sender's connection is still open (a sender that died gets no answer). */
  connectionOpen(): boolean;
}

/** An SMTP answer other than the default 250 to a message: 4xx is temporary, 5xx permanent. */
export interface SmtpReply {
  code: number;
  text: string;
}

export interface SmtpSinkOptions {
  host?: string;
  port?: number;
  /** Decides each message's answer (default: accepted); the sender waits while it is pending. */
  decide?(message: ReceivedMessage): SmtpReply | undefined | Promise<SmtpReply | undefined>;
  /** Each message accepted, once its 250 is written to a connection still open. */
  onMessage(message: ReceivedMessage): void;
}

export interface SmtpSink {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_LINE_BYTES = 4096;

/**
 * A small SMTP server (RFC 5321's commands that a client such as nodemailer uses, no TLS, no
 * authentication) that keeps what it receives instead of relaying it: the local backend's mailbox
 * takes the web tier's mails through it exactly as a real mail server would, headers and all.
 */
export async function startSmtpSink(options: SmtpSinkOptions): Promise<SmtpSink> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    // Answers are small and each one is awaited: sent at once, not held back for more (Nagle).
    socket.setNoDelay(true);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    serve(socket, options);
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://${host}:${port}`,
    port,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function serve(socket: Socket, options: SmtpSinkOptions): void {
  let buffered: Buffer = Buffer.alloc(0);
  let envelope: SmtpEnvelope = { from: "", to: [] };
  let data: Buffer[] | null = null;
  let dataBytes = 0;
  let busy = Promise.resolve();
  const reply = (line: string) => {
    if (!socket.destroyed) socket.write(`${line}\r\n`);
  };

  async function finishMessage(message: ReceivedMessage, tooLarge: boolean): Promise<void> {
    if (tooLarge) return reply("552 Message too large");
    const refusal = await options.decide?.(message);
    if (!message.connectionOpen()) return;
    if (refusal) return reply(`${refusal.code} ${refusal.text}`);
    reply("250 OK: queued");
    options.onMessage(message);
  }

  function command(line: string): void {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === "EHLO") return reply("250-rcrt-local-mailbox\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE " + MAX_MESSAGE_BYTES);
    if (verb === "HELO") return reply("250 rcrt-local-mailbox");
    if (verb === "MAIL") {
      envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? "", to: [] };
      return reply("250 OK");
    }
    if (verb === "RCPT") {
      const to = /<([^>]*)>/.exec(line)?.[1];
      if (!to) return reply("501 Syntax: RCPT TO:<address>");
      envelope.to.push(to);
      return reply("250 OK");
    }
    if (verb === "DATA") {
      if (envelope.to.length === 0) return reply("503 RCPT first");
      data = [];
      dataBytes = 0;
      return reply("354 End data with <CR><LF>.<CR><LF>");
    }
    if (verb === "RSET") {
      envelope = { from: "", to: [] };
      return reply("250 OK");
    }
    if (verb === "NOOP") return reply("250 OK");
    if (verb === "QUIT") {
      reply("221 Bye");
      socket.end();
      return;
    }
    reply("502 Command not implemented");
  }

  socket.on("data", (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    for (let end = buffered.indexOf("\r\n"); end !== -1; end = buffered.indexOf("\r\n")) {
      const line = buffered.subarray(0, end);
      buffered = buffered.subarray(end + 2);
      if (data) {
        if (line.length === 1 && line[0] === 0x2e) {
          const message = { envelope, raw: Buffer.concat(data), connectionOpen: () => !socket.destroyed && !socket.readableEnded };
          const tooLarge = dataBytes > MAX_MESSAGE_BYTES;
          data = null;
          envelope = { from: "", to: [] };
          busy = busy.then(() => finishMessage(message, tooLarge));
          continue;
        }
        const unstuffed = line[0] === 0x2e ? line.subarray(1) : line;
        dataBytes += unstuffed.length + 2;
        if (dataBytes <= MAX_MESSAGE_BYTES) data.push(Buffer.from(unstuffed), Buffer.from("\r\n"));
        continue;
      }
      const text = line.toString("utf8");
      busy = busy.then(() => command(text));
    }
    if (!data && buffered.length > MAX_LINE_BYTES) {
      reply("500 Line too long");
      socket.destroy();
    }
  });
  reply("220 rcrt-local-mailbox ESMTP");
}
