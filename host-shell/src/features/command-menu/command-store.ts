import { create } from 'zustand';

interface CommandMenuState {
  open: boolean;
  setOpen: (open: boolean) => void;
  toggle: () => void;
  /** Keys typed into the menu while its code was still loading, handed to its search field. */
  typedAhead: string;
  typeAhead: (key: string) => void;
  takeTypedAhead: () => string;
}

export const useCommandMenu = create<CommandMenuState>((set, get) => ({
  open: false,
  setOpen: (open) => set(open ? { open } : { open, typedAhead: '' }),
  toggle: () => set((s) => (s.open ? { open: false, typedAhead: '' } : { open: true })),
  typedAhead: '',
  typeAhead: (key) => set((s) => ({ typedAhead: key === 'Backspace' ? s.typedAhead.slice(0, -1) : s.typedAhead + key })),
  takeTypedAhead: () => {
    const typed = get().typedAhead;
    if (typed) set({ typedAhead: '' });
    return typed;
  },
}));
