import { create } from 'zustand';

/** Projects whose API answered in this browser session, so the connecting screen shows once per project. */
interface ConnectionState {
  connected: Record<string, true>;
  markConnected: (ref: string) => void;
  forget: (ref: string) => void;
}

export const useConnectionStore = create<ConnectionState>((set) => ({
  connected: {},
  markConnected: (ref) => set((s) => (s.connected[ref] ? s : { connected: { ...s.connected, [ref]: true } })),
  forget: (ref) =>
    set((s) => {
      const { [ref]: _gone, ...rest } = s.connected;
      return { connected: rest };
    }),
}));
