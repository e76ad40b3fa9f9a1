export { useViewerLive } from './useViewerLive';
export {
  emitViewerChange,
  LIVE_REFETCH_DELAY_MS,
  onViewerChange,
  useLiveRefetch,
  useViewerChange,
  type ViewerChange,
  type ViewerChangeKind,
} from './viewerEvents';
