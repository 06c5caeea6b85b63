import { useNavigate } from 'react-router';
import { SearchBox } from '@client/components/search-box';

/** Keyword search that opens the property list with ?keyword= (product §2 "Property list"). */
export function HomeSearch() {
  const navigate = useNavigate();
  return (
    <SearchBox
      prominent
      placeholder="输入小区名、街道或关键词"
      onSearch={(keyword) =>
        void navigate(
          keyword ? `/properties?keyword=${encodeURIComponent(keyword)}` : '/properties',
        )
      }
    />
  );
}
