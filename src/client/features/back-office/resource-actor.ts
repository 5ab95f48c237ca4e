/**
 * The resource screen's one actor, shared by its parts through React context (conventions.md "A screen"):
 * they read facts with `ResourceActor.useSelector(selectX)` and send typed events. The screen's root gives it
 * the machine with the resource's real calls (resource-actors.ts).
 */
import { createActorContext } from '@xstate/react';
import { resourceMachine } from '../../../../machines/resource/resource.machine';

export const ResourceActor = createActorContext(resourceMachine);
