// Shared by the node tools (run-node.mjs, memory-node.mjs): text handed to the module, as
// UTF-8 in a buffer from its own allocator (navlab_alloc; the export that takes it frees it).
// Returns [pointer, length], the two arguments every text export takes.
export function putText(x, text, encoder = new TextEncoder()) {
    const bytes = encoder.encode(text);
    const p = x.navlab_alloc(bytes.length || 1);
    new Uint8Array(x.memory.buffer, p, bytes.length).set(bytes);
    return [p, bytes.length];
}
