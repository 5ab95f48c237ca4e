import type { SnapshotFrom } from 'xstate';
import type { RecordMachine } from './record.machine';

type Snapshot<TRecord> = SnapshotFrom<RecordMachine<TRecord>>;

export type RecordStatus = 'loading' | 'shown' | 'reloading' | 'notFound' | 'failed' | 'offline';

export const selectRecordStatus = <TRecord>(s: Snapshot<TRecord>): RecordStatus => s.value as RecordStatus;
export const selectRecord = <TRecord>(s: Snapshot<TRecord>): TRecord | null => s.context.record;
export const selectRecordFailure = <TRecord>(s: Snapshot<TRecord>) => s.context.failure;
