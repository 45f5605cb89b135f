// One engine process behind one WebSocket (websocketd starts a process per
// connection and passes lines both ways). Commands whose answers the page
// needs are fenced with `isready`: the engine handles lines in order, so
// everything it prints before `readyok` answers them.

import { parseBestmove, parseInfoLine, parseOptionLine } from "./protocol.js";

export class EngineConnection {
  // log(label, direction, line) sees every line; direction is ">" or "<".
  constructor(url, label, log = () => {}) {
    this.url = url;
    this.label = label;
    this.log = log;
    this.socket = null;
    this.queries = []; // pending fenced commands, oldest first
    this.search = null; // the running `go`, if any
    this.handshake = null; // the `uci` answer being collected
    this.closed = false;
    this.onClose = () => {};
    this.name = "";
  }

  open() {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url);
      this.socket = socket;
      socket.onopen = () => resolve(this);
      socket.onerror = () => reject(new Error(`${this.label}: cannot connect to ${this.url}`));
      socket.onmessage = (event) => {
        for (const line of String(event.data).split(/\r?\n/)) if (line) this.receive(line);
      };
      socket.onclose = () => {
        const wasOpen = !this.closed;
        this.closed = true;
        const error = new Error(`${this.label}: the engine connection closed`);
        for (const query of this.queries.splice(0)) query.reject(error);
        this.handshake?.reject(error);
        this.search?.reject(error);
        this.search = null;
        if (wasOpen) this.onClose();
      };
    });
  }

  send(line) {
    if (this.closed || this.socket?.readyState !== WebSocket.OPEN)
      throw new Error(`${this.label}: not connected`);
    this.log(this.label, ">", line);
    this.socket.send(line);
  }

  // `uci`: resolves with the options the engine lists.
  uci() {
    return new Promise((resolve, reject) => {
      this.handshake = { options: [], resolve, reject };
      this.send("uci");
    });
  }

  // Sends the commands and `isready`; resolves with the lines printed
  // before `readyok` (search output excepted).
  query(...commands) {
    return new Promise((resolve, reject) => {
      this.queries.push({ lines: [], resolve, reject });
      try {
        for (const command of commands) this.send(command);
        this.send("isready");
      } catch (error) {
        this.queries.pop();
        reject(error);
      }
    });
  }

  // Sends a `go` command; onInfo sees every parsed info line. Resolves with
  // the `bestmove`; an error line during the search rejects it (the search,
  // if any, is then stopped and its bestmove dropped).
  go(command, onInfo = () => {}) {
    if (this.search) return Promise.reject(new Error(`${this.label}: a search is already running`));
    return new Promise((resolve, reject) => {
      this.search = { onInfo, resolve, reject, started: performance.now() };
      try {
        this.send(command);
      } catch (error) {
        this.search = null;
        reject(error);
      }
    });
  }

  stop() {
    if (this.search && !this.closed) this.send("stop");
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    try {
      this.socket.send("quit");
    } catch {
      // Closing anyway.
    }
    this.socket.close();
  }

  receive(line) {
    this.log(this.label, "<", line);
    if (line === "readyok") {
      const query = this.queries.shift();
      query?.resolve(query.lines);
      return;
    }
    if (this.handshake) {
      if (line === "uciok") {
        const { options, resolve } = this.handshake;
        this.handshake = null;
        resolve(options);
      } else if (line.startsWith("option ")) {
        const option = parseOptionLine(line);
        if (option) this.handshake.options.push(option);
      } else if (line.startsWith("id name ")) {
        this.name = line.slice(8);
      }
      return;
    }
    if (line.startsWith("bestmove")) {
      const search = this.search;
      this.search = null;
      if (search)
        search.resolve({
          ...parseBestmove(line),
          ms: Math.round(performance.now() - search.started),
        });
      return;
    }
    if (line.startsWith("info ") && !line.startsWith("info string")) {
      this.search?.onInfo(parseInfoLine(line));
      return;
    }
    if (this.queries.length) {
      this.queries[0].lines.push(line);
      return;
    }
    if (this.search && line.startsWith("info string error: ")) {
      const search = this.search;
      this.search = { ...search, resolve: () => {}, reject: () => {}, onInfo: () => {} };
      search.reject(new Error(line.slice("info string error: ".length)));
      this.stop();
    }
    // Anything else (the greeting) is only logged.
  }
}
