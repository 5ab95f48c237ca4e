/**
 * Who is next for whom (the walk-in TV, docs/front-desk.md#the-tv): the queue is the store's open walk-ins
 * oldest first; each technician's next is the first customer taken by them (assigned) or asking for them,
 * and the next of "anyone" is the first customer who named nobody. A customer appears once: the first
 * technician group or the anyone group they fall in.
 */
export interface QueuedWalkIn {
  id: number;
  name: string;
  /** Assigned technician, else the one asked for, else null (anyone). */
  technicianId: number | null;
}

export interface NextUp {
  technicianId: number | null;
  walkIn: QueuedWalkIn;
}

/** In queue order: one entry per technician with someone waiting for them, and one for anyone. */
export function nextForWhom(queue: readonly QueuedWalkIn[]): NextUp[] {
  const seen = new Set<number | null>();
  const out: NextUp[] = [];
  for (const walkIn of queue) {
    if (seen.has(walkIn.technicianId)) continue;
    seen.add(walkIn.technicianId);
    out.push({ technicianId: walkIn.technicianId, walkIn });
  }
  return out;
}
