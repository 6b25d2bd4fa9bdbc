import { createIcon } from './Icon';

// Each glyph is drawn for this console on a 24 × 24 grid with 2-unit strokes.

export const CheckIcon = createIcon('CheckIcon', <path d="M5 12.5l4.5 4.5L19 7.5" />);
export const CloseIcon = createIcon('CloseIcon', <path d="M6 6l12 12M18 6L6 18" />);
export const PlusIcon = createIcon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const MinusIcon = createIcon('MinusIcon', <path d="M5 12h14" />);
export const ChevronDownIcon = createIcon('ChevronDownIcon', <path d="M6 9l6 6 6-6" />);
export const ChevronRightIcon = createIcon('ChevronRightIcon', <path d="M9 6l6 6-6 6" />);
export const ChevronLeftIcon = createIcon('ChevronLeftIcon', <path d="M15 6l-6 6 6 6" />);
export const SearchIcon = createIcon('SearchIcon', <><circle cx="11" cy="11" r="6.5" /><path d="M16 16l4.5 4.5" /></>);
export const MoreIcon = createIcon(
  'MoreIcon',
  <>
    <circle cx="5.5" cy="12" r="1" fill="currentColor" />
    <circle cx="12" cy="12" r="1" fill="currentColor" />
    <circle cx="18.5" cy="12" r="1" fill="currentColor" />
  </>,
);
export const RefreshIcon = createIcon('RefreshIcon', <><path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" /><path d="M19.5 4.5v4h-4" /></>);
export const TrashIcon = createIcon(
  'TrashIcon',
  <><path d="M4.5 7h15M9.5 7V4.5h5V7" /><path d="M6.5 7l1 13h9l1-13" /><path d="M10.5 11v5.5M13.5 11v5.5" /></>,
);
export const EditIcon = createIcon('EditIcon', <><path d="M4.5 19.5l1-4.5L15.5 5l3.5 3.5-10 10z" /><path d="M13 7.5l3.5 3.5" /></>);
export const CopyIcon = createIcon('CopyIcon', <><rect x="8.5" y="8.5" width="11" height="11" rx="2" /><path d="M15.5 8.5v-3a1 1 0 0 0-1-1h-9a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h3" /></>);
export const FolderIcon = createIcon('FolderIcon', <path d="M3.5 6.5a1 1 0 0 1 1-1h5l2 2.5h8a1 1 0 0 1 1 1v9.5a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1z" />);
export const FileIcon = createIcon('FileIcon', <><path d="M6 3.5h8l4.5 4.5v12.5H6z" /><path d="M13.5 3.5v5h5" /></>);
export const UploadIcon = createIcon('UploadIcon', <><path d="M12 15.5V4.5M7.5 9L12 4.5 16.5 9" /><path d="M4.5 15v4.5h15V15" /></>);
export const DownloadIcon = createIcon('DownloadIcon', <><path d="M12 4.5v11M7.5 11l4.5 4.5 4.5-4.5" /><path d="M4.5 15v4.5h15V15" /></>);
export const ExternalLinkIcon = createIcon('ExternalLinkIcon', <><path d="M13.5 4.5h6v6M19.5 4.5l-8 8" /><path d="M17 13.5v6H4.5V7h6" /></>);
export const LockIcon = createIcon('LockIcon', <><rect x="5" y="10.5" width="14" height="10" rx="1.5" /><path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" /></>);
export const InfoIcon = createIcon('InfoIcon', <><circle cx="12" cy="12" r="8.5" /><path d="M12 11v5.5M12 7.75v.5" /></>);
export const WarningIcon = createIcon('WarningIcon', <><path d="M12 4L2.8 19.5h18.4z" /><path d="M12 10v4.5M12 16.75v.5" /></>);
export const ErrorIcon = createIcon('ErrorIcon', <><circle cx="12" cy="12" r="8.5" /><path d="M9 9l6 6M15 9l-6 6" /></>);
export const SuccessIcon = createIcon('SuccessIcon', <><circle cx="12" cy="12" r="8.5" /><path d="M8 12.5l2.75 2.75L16 10" /></>);
export const SunIcon = createIcon(
  'SunIcon',
  <><circle cx="12" cy="12" r="4" /><path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" /></>,
);
export const MoonIcon = createIcon('MoonIcon', <path d="M19.5 14.5A8 8 0 0 1 9.5 4.5a8 8 0 1 0 10 10z" />);
export const MenuIcon = createIcon('MenuIcon', <path d="M4.5 7h15M4.5 12h15M4.5 17h15" />);
export const DatabaseIcon = createIcon(
  'DatabaseIcon',
  <><ellipse cx="12" cy="6" rx="7" ry="2.5" /><path d="M5 6v12c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5V6" /><path d="M5 12c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5" /></>,
);
export const KeyIcon = createIcon('KeyIcon', <><circle cx="8" cy="15" r="3.5" /><path d="M10.5 12.5l8-8M15.5 7.5l2.5 2.5" /></>);
